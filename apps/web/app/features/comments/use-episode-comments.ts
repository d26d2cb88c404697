import type { CommentSort } from '@manga/contracts';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher, useLocation } from 'react-router';
import { commentOutcome, withCommentResult, withMoreComments } from './comment-outcome.ts';
import {
  COMMENT_ERROR_EPISODE_PARAM,
  COMMENT_ERROR_PARAM,
  type CommentActionResult,
  commentsAnchor,
  commentsEndpoint,
  type EpisodeCommentsData,
} from './comments.ts';

/** Loads the section this far before it scrolls into view (when no first page came with the page). */
const LOAD_AHEAD = '800px 0px';

/** The place to come back to after logging in: this page, scrolled to this section. */
export function useReturnTarget(episodeId: number): string {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete(COMMENT_ERROR_PARAM);
  params.delete(COMMENT_ERROR_EPISODE_PARAM);
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ''}#${commentsAnchor(episodeId)}`;
}

export interface EpisodeCommentsState {
  /** What the section shows: undefined until the first page arrives. */
  data: EpisodeCommentsData | undefined;
  /** The polite status line: what the last action did. */
  notice: string | undefined;
  /** The list (first page, another order) is loading. */
  loading: boolean;
  loadingMore: boolean;
  /** The section's element: its first page loads as it comes near. */
  sectionRef: RefObject<HTMLElement | null>;
  load: (sort: CommentSort) => void;
  loadMore: () => void;
  /** Applies the answer of a post, like, unlike, mute or report (comment-outcome.ts). */
  onResult: (result: CommentActionResult) => void;
}

/**
 * The comments section's state: the first page (from the page's loader or loaded as the section
 * comes near), another order, "show more", and the answers of the actions taken in it. It loads from
 * `/episode/:episodeId/comments` through fetchers, so the page around it is not reloaded.
 */
export function useEpisodeComments(episodeId: number, initial: EpisodeCommentsData | undefined): EpisodeCommentsState {
  const { t } = useTranslation();
  const endpoint = commentsEndpoint(episodeId);
  const listFetcher = useFetcher<EpisodeCommentsData>();
  const moreFetcher = useFetcher<EpisodeCommentsData>();
  const [data, setData] = useState<EpisodeCommentsData | undefined>(initial);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const sectionRef = useRef<HTMLElement>(null);

  const loadList = listFetcher.load;
  const sortRef = useRef<CommentSort>(initial?.status === 'ready' ? initial.sort : 'new');
  const load = useCallback(
    (sort: CommentSort) => {
      sortRef.current = sort;
      return loadList(`${endpoint}?sort=${sort}`);
    },
    [loadList, endpoint],
  );
  const requested = useRef(initial !== undefined);

  // A new first page from the page's loader (after logging in, say) replaces what is shown.
  useEffect(() => {
    if (initial) setData(initial);
  }, [initial]);

  // Without a first page from the loader, load it as the section comes near.
  useEffect(() => {
    if (requested.current) return;
    const section = sectionRef.current;
    const start = () => {
      if (requested.current) return;
      requested.current = true;
      load('new');
    };
    if (!section || typeof IntersectionObserver === 'undefined') {
      start();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          start();
        }
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(section);
    return () => observer.disconnect();
  }, [load]);

  useEffect(() => {
    if (listFetcher.state === 'idle' && listFetcher.data) setData(listFetcher.data);
  }, [listFetcher.state, listFetcher.data]);

  useEffect(() => {
    const more = moreFetcher.data;
    if (moreFetcher.state !== 'idle' || !more) return;
    setData((current) => withMoreComments(current, more));
  }, [moreFetcher.state, moreFetcher.data]);

  const onResult = useCallback(
    (result: CommentActionResult) => {
      setData((current) => withCommentResult(current, result));
      const outcome = commentOutcome(result);
      if (outcome.notice) setNotice(t(outcome.notice));
      if (outcome.reloadList) load(sortRef.current);
    },
    [load, t],
  );

  const loadMoreFrom = moreFetcher.load;
  const loadMore = useCallback(() => {
    if (data?.status === 'ready') loadMoreFrom(`${endpoint}?sort=${data.sort}&offset=${data.nextOffset}`);
  }, [data, endpoint, loadMoreFrom]);

  return {
    data,
    notice,
    loading: listFetcher.state !== 'idle',
    loadingMore: moreFetcher.state !== 'idle',
    sectionRef,
    load,
    loadMore,
    onResult,
  };
}

/**
 * A fetcher for one comment action (post, like, unlike, mute, report) and its answer, handled once
 * and before paint (else the frame between the answer and the list taking it shows a like undone).
 */
export function useCommentAction(onAnswer: (result: CommentActionResult) => void) {
  const fetcher = useFetcher<CommentActionResult>();
  const handled = useRef<CommentActionResult | undefined>(undefined);
  const onAnswerRef = useRef(onAnswer);
  onAnswerRef.current = onAnswer;
  useLayoutEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== 'idle' || !result || handled.current === result) return;
    handled.current = result;
    onAnswerRef.current(result);
  }, [fetcher.state, fetcher.data]);
  return fetcher;
}
