import type { QueryFunction } from '@tanstack/react-query';

/** An API answer that was not OK. `message` is "status: body" (SPEC.md section 8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server's `message` field when the body is our JSON error shape. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      return typeof parsed.message === 'string' ? parsed.message : undefined;
    } catch {
      return undefined;
    }
  }
}

export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new ApiError(res.status, text, `${res.status}: ${text}`);
}

/** Calls the API with cookies; a body is sent as JSON only when there is one. */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  init: RequestInit = {},
): Promise<Response> {
  const res = await fetch(url, {
    ...init,
    method,
    headers: { ...(data !== undefined ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return res;
}

export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  return (await res.json()) as T;
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The default query: the key's segments joined with "/" under /api form the URL, fetched as JSON
 * (SPEC.md section 7). Keys start with the resource: ['conversations', id, 'messages'].
 */
export const getQueryFn =
  <T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> =>
  async ({ queryKey, signal }) => {
    const url = `/api/${queryKey.map((part) => encodeURIComponent(String(part))).join('/')}`;
    const res = await fetch(url, { credentials: 'include', signal });
    if (on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
