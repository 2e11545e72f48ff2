import { useEffect, useRef } from 'react';

/**
 * A ref that holds the latest `value` after each render: handlers and effects call a callback
 * prop through it without depending on (or re-running for) the callback's identity.
 */
export function useLatestRef<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
