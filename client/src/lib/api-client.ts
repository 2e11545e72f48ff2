import type { QueryFunction } from '@tanstack/react-query';

/** Our JSON error body (STYLE.md, Errors); any field may be missing when the body is not ours. */
interface ErrorBody {
  message?: unknown;
  code?: unknown;
  fieldErrors?: unknown;
}

/** An API answer that was not OK. `message` is "status: body". */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  private parseBody(): ErrorBody {
    try {
      const parsed: unknown = JSON.parse(this.body);
      return typeof parsed === 'object' && parsed !== null ? (parsed as ErrorBody) : {};
    } catch {
      return {};
    }
  }

  /** The server's `message` field when the body is our JSON error shape. */
  get serverMessage(): string | undefined {
    const { message } = this.parseBody();
    return typeof message === 'string' ? message : undefined;
  }

  /** The body's `code` ("subscription_required", "minutes_exhausted", ...). */
  get code(): string | undefined {
    const { code } = this.parseBody();
    return typeof code === 'string' ? code : undefined;
  }

  /** A 400's field errors ({fieldErrors: {email: ['...']}}), the first message per field. */
  get fieldErrors(): Record<string, string> {
    const { fieldErrors } = this.parseBody();
    const errors: Record<string, string> = {};
    if (typeof fieldErrors !== 'object' || fieldErrors === null) return errors;
    for (const [field, messages] of Object.entries(fieldErrors as Record<string, unknown>)) {
      const first: unknown = Array.isArray(messages) ? messages[0] : undefined;
      if (typeof first === 'string' && first) errors[field] = first;
    }
    return errors;
  }
}

/** True when `error` is an API answer with one of these statuses. */
export const hasStatus = (error: unknown, ...statuses: number[]): error is ApiError =>
  error instanceof ApiError && statuses.includes(error.status);

/** The message to show a visitor: the server's own words when it sent some. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

async function throwIfNotOk(res: Response): Promise<void> {
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

/**
 * The default query: the key's segments joined with "/" under /api form the URL, fetched as JSON
 * with the cookies. Keys start with the resource: ['conversations', id, 'messages'].
 */
export const defaultQueryFn: QueryFunction = async ({ queryKey, signal }) => {
  const url = `/api/${queryKey.map((part) => encodeURIComponent(String(part))).join('/')}`;
  const res = await apiRequest('GET', url, undefined, { signal });
  return (await res.json()) as unknown;
};
