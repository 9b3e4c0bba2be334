import type { Problem, ProblemField } from '@atrium/domain';

// A failed call: the problem document of ARCHITECTURE §5 when the server sent one.
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: ProblemField[];
  readonly problem: Problem | null;

  constructor(status: number, problem: Problem | null) {
    super(problem?.detail ?? problem?.title ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.problem = problem;
    this.code = problem?.code ?? (status >= 500 ? 'internalServerError' : 'unknown');
    this.fieldErrors = problem?.errors ?? [];
  }

  fieldError(field: string): ProblemField | undefined {
    return this.fieldErrors.find((e) => e.field === field);
  }
}

export async function toApiError(res: Response): Promise<ApiError> {
  let problem: Problem | null = null;
  try {
    problem = asProblem(await res.json(), res.status);
  } catch {
    // not JSON: keep the status only
  }
  return new ApiError(res.status, problem);
}

// Checked by hand rather than with the zod schema: this module is part of the first load.
function asProblem(body: unknown, status: number): Problem | null {
  if (typeof body !== 'object' || body === null) return null;
  const o = body as Record<string, unknown>;
  if (typeof o.code !== 'string') return null;
  const errors = Array.isArray(o.errors)
    ? o.errors
        .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
        .map((e) => ({ field: String(e.field ?? ''), code: String(e.code ?? 'validation'), message: String(e.message ?? '') }))
    : undefined;
  return {
    type: typeof o.type === 'string' ? o.type : 'about:blank',
    title: typeof o.title === 'string' ? o.title : '',
    status: typeof o.status === 'number' ? o.status : status,
    code: o.code,
    ...(typeof o.detail === 'string' ? { detail: o.detail } : {}),
    ...(errors ? { errors } : {}),
  };
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
