// The typo-tolerant side of search (issue 24): an in-process MiniSearch index of the published
// titles' names (both languages) and authors, built from the rows GET /search/title/all lists and
// kept in the catalogue's TtlCache, so it is dropped with the catalogue revision like every other
// catalogue answer. It is the same on SQLite and PostgreSQL: the database's own index finds exact
// substrings (SearchService asks it first), this one finds words one typo away and word prefixes.
import { normalizeSearchText } from '@manga/contracts';
import MiniSearch from 'minisearch';
import type { TitleSearchEntryRow } from '#src/repositories/title.repository.ts';

/** Words shorter than this must match exactly: one edit in a three-letter word matches too much. */
const FUZZY_MIN_LENGTH = 4;

export class TitleFuzzyIndex {
  private readonly index = new MiniSearch<{ id: number; names: string; authors: string }>({
    fields: ['names', 'authors'],
    processTerm: (term) => normalizeSearchText(term) || null,
    searchOptions: { boost: { names: 3 } },
  });

  constructor(rows: readonly TitleSearchEntryRow[]) {
    this.index.addAll(
      rows.map((row) => ({
        id: row.id,
        names: `${row.name_en} ${row.name_ja}`,
        authors: `${row.author_text_en} ${row.author_text_ja}`,
      })),
    );
  }

  /** Titles whose every word of `keyword` is in a name or an author, each word with at most one typo; best first. */
  findWithOneTypo(keyword: string): number[] {
    return this.index
      .search(keyword, { combineWith: 'AND', fuzzy: (term) => (term.length >= FUZZY_MIN_LENGTH ? 1 : 0) })
      .map((result) => result.id as number);
  }

  /** Suggestions as the reader types: the last word may be unfinished (a prefix); one typo allowed. */
  suggest(keyword: string): number[] {
    return this.index
      .search(keyword, {
        combineWith: 'AND',
        prefix: true,
        fuzzy: (term) => (term.length >= FUZZY_MIN_LENGTH ? 1 : 0),
      })
      .map((result) => result.id as number);
  }
}
