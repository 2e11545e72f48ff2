import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** The element id of the JSON the server embeds beside its HTML. */
export const INITIAL_DATA_ID = 'initial-data';

/** Query results the server rendered the page with: the client starts from the same. */
export interface InitialQuery {
  queryKey: QueryKey;
  data: unknown;
}

export function seedQueryClient(queryClient: QueryClient, queries: readonly InitialQuery[]) {
  for (const { queryKey, data } of queries) queryClient.setQueryData(queryKey, data);
}

/** Reads the embedded results; a page without them (or with broken JSON) starts empty. */
export function readInitialData(doc: Document): InitialQuery[] {
  const text = doc.getElementById(INITIAL_DATA_ID)?.textContent;
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as InitialQuery[]) : [];
  } catch {
    return [];
  }
}

/** JSON safe inside a <script> element: no "</script>" or "<!--" can end it early. */
export function serializeInitialData(queries: readonly InitialQuery[]): string {
  return JSON.stringify(queries)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
