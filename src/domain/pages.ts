// spec §4.1 / §4.4: the page envelope of list routes.
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

/** spec §4.4: `totalPages` is the ceiling of total divided by pageSize, and 0 when total is 0. */
export function totalPages(total: number, pageSize: number): number {
  return total === 0 ? 0 : Math.ceil(total / pageSize);
}

export function pageOf<T>(items: T[], total: number, page: number, pageSize: number): Page<T> {
  return { items, total, page, pageSize, totalPages: totalPages(total, pageSize) };
}
