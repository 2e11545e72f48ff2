import { createContext, useContext } from 'react';

/** Given while the server renders a page, so the HTTP status matches what the page says. */
export const PageStatusContext = createContext<((status: number) => void) | null>(null);

/** Reports `status` for the page being rendered on the server (the browser has no such context). */
export function useSetPageStatus(status: number) {
  useContext(PageStatusContext)?.(status);
}
