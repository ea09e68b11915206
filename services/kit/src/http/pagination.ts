import type { FastifyReply } from 'fastify';

/**
 * One paging rule for every list of every service.
 *
 * - `?page=N` (1-based) asks for one page; `pageSize` defaults to the list's default (usually 20) and
 *   is at most {@link MAX_PAGE_SIZE}. A list whose documented shape is an object answers
 *   `{ ..., total, page, pageSize }`; a list whose documented shape is a plain array answers
 *   `{ items, total, page, pageSize }` when `page` is given.
 * - Without `page`, a list keeps its documented shape but holds at most `pageSize` (default
 *   {@link MAX_PAGE_SIZE}) entries: the first page. Nothing answers a whole table.
 * - Every list answer carries `X-Total-Count`, `X-Page` and `X-Page-Size` headers.
 */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const MAX_PAGE = 100_000;

export interface PageRequest {
  /** 1-based. */
  number: number;
  size: number;
  /** Whether the client asked for a page (the answer is then the page object). */
  asked: boolean;
}

/** The JSON-schema properties `page` and `pageSize`, to spread into a route's querystring schema. */
export function pagingQueryProperties(defaultSize = DEFAULT_PAGE_SIZE) {
  return {
    page: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_PAGE,
      description: 'One page (1-based): the answer is then { items, total, page, pageSize }',
    },
    pageSize: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_PAGE_SIZE,
      description: `Entries per page: default ${defaultSize} with \`page\`, ${MAX_PAGE_SIZE} without; at most ${MAX_PAGE_SIZE}`,
    },
  } as const;
}

/** The page a list query asks for; without `page`, the first page of at most MAX_PAGE_SIZE entries. */
export function pageRequest(
  query: { page?: number | string; pageSize?: number | string },
  defaultSize = DEFAULT_PAGE_SIZE,
): PageRequest {
  const clamp = (value: number, max: number) => Math.min(Math.max(1, Math.trunc(value)), max);
  const asked = query.page !== undefined && query.page !== '';
  const wantedSize =
    query.pageSize === undefined || query.pageSize === '' ? undefined : Number(query.pageSize);
  const size = clamp(
    wantedSize !== undefined && Number.isFinite(wantedSize)
      ? wantedSize
      : asked
        ? defaultSize
        : MAX_PAGE_SIZE,
    MAX_PAGE_SIZE,
  );
  const number = asked && Number.isFinite(Number(query.page)) ? clamp(Number(query.page), MAX_PAGE) : 1;
  return { number, size, asked };
}

/** SQL LIMIT/OFFSET of a page. */
export function pageWindow(page: PageRequest): { limit: number; offset: number } {
  return { limit: page.size, offset: (page.number - 1) * page.size };
}

/** Sets X-Total-Count, X-Page and X-Page-Size on a list answer. */
export function setPageHeaders(reply: FastifyReply, page: PageRequest, total: number): void {
  reply.header('x-total-count', String(total));
  reply.header('x-page', String(page.number));
  reply.header('x-page-size', String(page.size));
}

/** A plain-array list answer: the array itself, or `{ items, total, page, pageSize }` when a page was asked. */
export function arrayOrPage<T>(
  reply: FastifyReply,
  page: PageRequest,
  items: T[],
  total: number,
): T[] | { items: T[]; total: number; page: number; pageSize: number } {
  setPageHeaders(reply, page, total);
  return page.asked ? { items, total, page: page.number, pageSize: page.size } : items;
}

/** The response schema of a plain-array list: the array, or the page object when `page` is given. */
export function arrayOrPageSchema(item: object) {
  const list = { type: 'array', items: item } as const;
  return {
    anyOf: [
      list,
      {
        type: 'object',
        required: ['items', 'total', 'page', 'pageSize'],
        properties: {
          items: list,
          total: { type: 'integer' },
          page: { type: 'integer' },
          pageSize: { type: 'integer' },
        },
      },
    ],
  } as const;
}

/** `total`, `page` and `pageSize` of an object-shaped list answer, to spread beside its list property. */
export const pageFieldsSchema = {
  total: { type: 'integer', description: 'How many there are in all' },
  page: { type: 'integer' },
  pageSize: { type: 'integer' },
} as const;
