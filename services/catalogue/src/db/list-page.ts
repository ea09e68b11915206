/** The window of a list query: page `number` (1-based) of `size` rows. Every list query takes one. */
export interface ListPage {
  number: number;
  size: number;
}
