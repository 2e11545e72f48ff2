import { afterEach, beforeEach, vi } from 'vitest';

// An unexpected console.error fails the test (epic-stack habit). A test that expects one
// replaces console.error itself with vi.spyOn(console, 'error').mockImplementation(...).
let errors: unknown[][] = [];
const originalError = console.error;

beforeEach(() => {
  errors = [];
  console.error = (...args: unknown[]) => {
    errors.push(args);
    originalError(...args);
  };
});

afterEach(() => {
  const wasReplaced = vi.isMockFunction(console.error);
  console.error = originalError;
  if (!wasReplaced && errors.length > 0) {
    throw new Error(`Unexpected console.error: ${errors.map((a) => a.join(' ')).join('\n')}`);
  }
});
