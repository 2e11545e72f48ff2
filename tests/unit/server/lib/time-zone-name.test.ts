import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeTimeZone, learnTimeZoneName } from '../../../../server/lib/time-zone-name';

afterEach(() => vi.restoreAllMocks());

describe('naming a time zone', () => {
  it('names a zone from a child process, so this process makes no date formatter', async () => {
    await learnTimeZoneName('America/Chicago');
    const formatter = vi.spyOn(Intl, 'DateTimeFormat');
    expect(describeTimeZone('America/Chicago')).toBe('Central Time');
    expect(formatter).not.toHaveBeenCalled();
  });

  it('names a zone it was not told about itself, and falls back to the id', () => {
    expect(describeTimeZone('Europe/Berlin')).toBe('Central European Time');
    expect(describeTimeZone('Etc/GMT+5')).toBe('Etc/GMT+5');
  });
});
