// product §7 Web (catalogue part): /web/top, /web/top/updated/title, /web/title/detail,
// /web/title/age_gate (ours, ADR 026), /web/episode,
// /web/episode/first, /web/episode/nexttime, /web/episode/viewer, /web/episode/download (ours,
// ADR 052), /web/ranking/genre,
// /web/recommend/title/list, /web/search/title.
import {
  EpisodeIdQuerySchema,
  isSaveDataHeader,
  RecommendTitleListResponseSchema,
  TitleAgeGateResponseSchema,
  TitleIdQuerySchema,
  WebEpisodeDownloadQuerySchema,
  WebEpisodeDownloadResponseSchema,
  WebEpisodeFirstResponseSchema,
  WebEpisodeNextTimeResponseSchema,
  WebEpisodeResponseSchema,
  WebMyPersonalQuerySchema,
  WebMyPersonalResponseSchema,
  WebRankingGenreResponseSchema,
  WebRecommendQuerySchema,
  WebSearchTitleQuerySchema,
  WebSearchTitleResponseSchema,
  WebTitleDetailQuerySchema,
  WebTitleDetailResponseSchema,
  WebTitlePersonalResponseSchema,
  WebTopResponseSchema,
  WebTopUpdatedTitleQuerySchema,
  WebTopUpdatedTitleResponseSchema,
  WebViewerQuerySchema,
  WebViewerResponseSchema,
} from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commentCaller, episodeListContext, readerOf, viewerContext } from '#src/http/caller.http.ts';
import { appendVary } from '#src/http/vary.http.ts';
import { errorEnvelope, ok } from '#src/plugins/envelope.plugin.ts';
import type { WebMyPart } from '#src/services/web-my-personal.service.ts';

export const webRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalogue, rankings, recommendations, search, viewer, webTop } = app.container.services;

  app.get(
    '/web/top',
    {
      config: { responseCache: true },
      schema: { operationId: 'getWebTop', tags: ['web'], response: { 200: WebTopResponseSchema } },
    },
    async (request) => ok(await webTop.getWebTop(request.client)),
  );

  app.get(
    '/web/top/updated/title',
    {
      config: { responseCache: true },
      schema: {
        operationId: 'listUpdatedTitles',
        tags: ['web'],
        querystring: WebTopUpdatedTitleQuerySchema,
        response: { 200: WebTopUpdatedTitleResponseSchema },
      },
    },
    async (request) => ok(await catalogue.listUpdatedTitles(request.query.base_date, request.client)),
  );

  app.get(
    '/web/title/detail',
    {
      config: { responseCache: true },
      schema: {
        operationId: 'getWebTitleDetail',
        tags: ['web'],
        querystring: WebTitleDetailQuerySchema,
        response: { 200: WebTitleDetailResponseSchema },
      },
    },
    async (request) => ok(await catalogue.getWebTitleDetail(request.query.title_id, request.client)),
  );

  // ADR 076: a logged-in reader's part of a title page (ADR 048) in one call; theirs alone (the auth
  // plugin marks every answer to a session private, no-store).
  app.get(
    '/web/title/personal',
    {
      schema: {
        operationId: 'getWebTitlePersonal',
        tags: ['web'],
        querystring: TitleIdQuerySchema,
        response: { 200: WebTitlePersonalResponseSchema },
      },
    },
    async (request) =>
      ok(
        await app.container.services.webTitlePersonal.getTitlePersonal(
          request.auth,
          readerOf(request),
          request.query.title_id,
          request.client,
        ),
      ),
  );

  // ADR 076: a logged-in reader's /my in one call; each part the answer of its call alone, or that
  // call's error envelope when it refuses (the other parts answer as usual).
  app.get(
    '/web/my/personal',
    {
      schema: {
        operationId: 'getWebMyPersonal',
        tags: ['web'],
        querystring: WebMyPersonalQuerySchema,
        response: { 200: WebMyPersonalResponseSchema },
      },
    },
    async (request) => {
      const parts = await app.container.services.webMyPersonal.getMyPersonal(
        {
          auth: request.auth,
          catalogue: request.client,
          episodes: episodeListContext(request),
          comments: commentCaller(request),
        },
        request.query,
      );
      const { config, clock } = app.container;
      const envelopeOf = <T extends object>(part: WebMyPart<T>) =>
        'answer' in part
          ? ok(part.answer)
          : errorEnvelope(part.refused.code, part.refused.message, {
              timeZone: config.wireTimeZone,
              now: () => clock.now(),
            });
      return ok({
        account_point: envelopeOf(parts.account_point),
        viewed_titles: envelopeOf(parts.viewed_titles),
        favorites: envelopeOf(parts.favorites),
        purchased_titles: envelopeOf(parts.purchased_titles),
        comment_history: envelopeOf(parts.comment_history),
        comment_like_notices: envelopeOf(parts.comment_like_notices),
        login_bonus: envelopeOf(parts.login_bonus),
        changes_at: parts.changes_at,
      });
    },
  );

  app.get(
    '/web/title/age_gate',
    {
      schema: {
        operationId: 'getTitleAgeGate',
        tags: ['web'],
        querystring: TitleIdQuerySchema,
        response: { 200: TitleAgeGateResponseSchema },
      },
    },
    async (request) => ok(await catalogue.getTitleAgeGate(request.query.title_id, { reader: readerOf(request) })),
  );

  app.get(
    '/web/episode',
    {
      schema: {
        operationId: 'getWebEpisode',
        tags: ['web'],
        querystring: EpisodeIdQuerySchema,
        response: { 200: WebEpisodeResponseSchema },
      },
    },
    async (request) => ok(await catalogue.getWebEpisode(request.query.episode_id, episodeListContext(request))),
  );

  app.get(
    '/web/episode/first',
    {
      schema: {
        operationId: 'getFirstEpisode',
        tags: ['web'],
        querystring: TitleIdQuerySchema,
        response: { 200: WebEpisodeFirstResponseSchema },
      },
    },
    async (request) => ok(await catalogue.getFirstEpisode(request.query.title_id, episodeListContext(request))),
  );

  app.get(
    '/web/episode/nexttime',
    {
      schema: {
        operationId: 'getNextEpisodeTime',
        tags: ['web'],
        querystring: EpisodeIdQuerySchema,
        response: { 200: WebEpisodeNextTimeResponseSchema },
      },
    },
    async (request) => ok(await catalogue.getNextTime(request.query.episode_id, request.client)),
  );

  // wire §3.3: 3104 unknown, 2016 too young for the title, 3105 neither free nor bought nor rented.
  app.get(
    '/web/episode/viewer',
    {
      schema: {
        operationId: 'getWebViewer',
        tags: ['web'],
        querystring: WebViewerQuerySchema,
        response: { 200: WebViewerResponseSchema },
      },
    },
    async (request, reply) => {
      // The answer's tier depends on Save-Data when the query names none (ADR 055): a shared cache
      // must key on it, or it could hand one tier's URLs to a reader who asked for the other.
      appendVary(reply, 'Save-Data');
      const saveData = isSaveDataHeader(request.headers['save-data']);
      return ok(
        await viewer.getWebViewer(request.query.episode_id, viewerContext(request), {
          prefetch: request.query.prefetch === 1,
          quality: request.query.image_quality ?? (saveData ? 'light' : 'standard'),
        }),
      );
    },
  );

  // Ours (ADR 052): what a logged-in reader may keep of an episode for offline reading.
  app.get(
    '/web/episode/download',
    {
      schema: {
        operationId: 'getWebEpisodeDownload',
        tags: ['web'],
        querystring: WebEpisodeDownloadQuerySchema,
        response: { 200: WebEpisodeDownloadResponseSchema },
      },
    },
    async (request) => ok(await viewer.getDownload(request.auth, request.query.episode_id, viewerContext(request))),
  );

  app.get(
    '/web/ranking/genre',
    {
      config: { responseCache: true },
      schema: { operationId: 'getGenreRankings', tags: ['web'], response: { 200: WebRankingGenreResponseSchema } },
    },
    async (request) => ok(await rankings.getGenreRankings(request.client)),
  );

  app.get(
    '/web/recommend/title/list',
    {
      schema: {
        operationId: 'listWebRecommendedTitles',
        tags: ['web'],
        querystring: WebRecommendQuerySchema,
        response: { 200: RecommendTitleListResponseSchema },
      },
    },
    async (request) =>
      ok(
        await recommendations.listWebRecommendedTitles(
          request.query.title_id,
          request.auth?.user ?? null,
          request.query,
          request.client,
        ),
      ),
  );

  app.get(
    '/web/search/title',
    {
      config: { responseCache: true },
      schema: {
        operationId: 'searchTitlesForWeb',
        tags: ['web'],
        querystring: WebSearchTitleQuerySchema,
        response: { 200: WebSearchTitleResponseSchema },
      },
    },
    async (request) =>
      ok(
        await search.searchTitles(
          { keyword: request.query.keyword, limit: request.query.limit, offset: request.query.offset },
          request.client,
        ),
      ),
  );
};
