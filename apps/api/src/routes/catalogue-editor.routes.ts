// The editors' catalogue API (issue 26, ADR 046) under /ops/catalogue/. As with the rest of /ops, a
// caller without access gets exactly the answer of an unknown path, before any parameter is read.
import {
  CHAPTER_UPLOAD_MEDIA_TYPES,
  EditorEpisodeListQuerySchema,
  EditorEpisodeListResponseSchema,
  EditorEpisodePageImageQuerySchema,
  EditorEpisodePageOrderRequestSchema,
  EditorEpisodePageReplaceQuerySchema,
  EditorEpisodePagesQuerySchema,
  EditorEpisodePagesResponseSchema,
  EditorEpisodeResponseSchema,
  EditorEpisodeScheduleRequestSchema,
  EditorEpisodeScheduleResponseSchema,
  EditorEpisodeUpdateRequestSchema,
  EditorEpisodeUploadQuerySchema,
  EditorEpisodeUploadStatusQuerySchema,
  EditorScheduleQuerySchema,
  EditorScheduleResponseSchema,
  EditorTitleArtQuerySchema,
  EditorTitleCreateRequestSchema,
  EditorTitleListQuerySchema,
  EditorTitleListResponseSchema,
  EditorTitlePublishRequestSchema,
  EditorTitleQuerySchema,
  EditorTitleResponseSchema,
  EditorTitleUpdateRequestSchema,
  EditorUploadResponseSchema,
  EditorVocabularyResponseSchema,
  PAGE_REPLACE_MAX_BYTES,
  ResponseCode,
  TITLE_ART_MAX_BYTES,
  TITLE_ART_MEDIA_TYPES,
} from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '#src/plugins/envelope.plugin.ts';
import { DomainError } from '#src/rules/domain.error.ts';

const tags = ['ops'];
const hide = true;

export const catalogueEditorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalogueEditor, chapterUpload, chapterPages } = app.container.services;
  app.addHook('preValidation', async (request, reply) => {
    if (!request.url.startsWith('/ops/catalogue/')) return;
    try {
      await catalogueEditor.requireEditor(request.auth);
    } catch (error) {
      await app.limitUnknownPath(request, reply);
      throw error;
    }
  });
  // Cover art and a replaced page arrive as the image itself; the route's bodyLimit bounds it (413 beyond).
  app.addContentTypeParser(
    [...TITLE_ART_MEDIA_TYPES],
    { parseAs: 'buffer', bodyLimit: TITLE_ART_MAX_BYTES },
    (_r, body, done) => done(null, body),
  );
  // A chapter's .cbz is handed on unread: the service streams it to a file under its own size limit.
  app.addContentTypeParser([...CHAPTER_UPLOAD_MEDIA_TYPES], (_r, payload, done) => done(null, payload));

  app.get(
    '/ops/catalogue/vocabulary',
    { schema: { hide, operationId: 'getEditorVocabulary', tags, response: { 200: EditorVocabularyResponseSchema } } },
    async (request) => ok(await catalogueEditor.getVocabulary(request.auth)),
  );

  app.get(
    '/ops/catalogue/title/list',
    {
      schema: {
        hide,
        operationId: 'listEditorTitles',
        tags,
        querystring: EditorTitleListQuerySchema,
        response: { 200: EditorTitleListResponseSchema },
      },
    },
    async (request) => ok(await catalogueEditor.listTitles(request.auth, request.query)),
  );

  app.get(
    '/ops/catalogue/title',
    {
      schema: {
        hide,
        operationId: 'getEditorTitle',
        tags,
        querystring: EditorTitleQuerySchema,
        response: { 200: EditorTitleResponseSchema },
      },
    },
    async (request) => ok(await catalogueEditor.getTitle(request.auth, request.query.title_id)),
  );

  app.post(
    '/ops/catalogue/title/create',
    {
      schema: {
        hide,
        operationId: 'createEditorTitle',
        tags,
        body: EditorTitleCreateRequestSchema,
        response: { 200: EditorTitleResponseSchema },
      },
    },
    async (request) => ok(await catalogueEditor.createTitle(request.auth, request.body)),
  );

  app.post(
    '/ops/catalogue/title/update',
    {
      schema: {
        hide,
        operationId: 'updateEditorTitle',
        tags,
        body: EditorTitleUpdateRequestSchema,
        response: { 200: EditorTitleResponseSchema },
      },
    },
    async (request) => {
      const { title_id, ...fields } = request.body;
      return ok(await catalogueEditor.updateTitle(request.auth, title_id, fields));
    },
  );

  app.post(
    '/ops/catalogue/title/publish',
    {
      schema: {
        hide,
        operationId: 'publishEditorTitle',
        tags,
        body: EditorTitlePublishRequestSchema,
        response: { 200: EditorTitleResponseSchema },
      },
    },
    async (request) =>
      ok(await catalogueEditor.setPublished(request.auth, request.body.title_id, request.body.published === 1)),
  );

  app.get(
    '/ops/catalogue/episode/list',
    {
      schema: {
        hide,
        operationId: 'listEditorEpisodes',
        tags,
        querystring: EditorEpisodeListQuerySchema,
        response: { 200: EditorEpisodeListResponseSchema },
      },
    },
    async (request) => ok(await catalogueEditor.listEpisodes(request.auth, request.query.title_id)),
  );

  app.post(
    '/ops/catalogue/episode/update',
    {
      schema: {
        hide,
        operationId: 'updateEditorEpisode',
        tags,
        body: EditorEpisodeUpdateRequestSchema,
        response: { 200: EditorEpisodeResponseSchema },
      },
    },
    async (request) => {
      const body = request.body;
      return ok(
        await catalogueEditor.updateEpisode(request.auth, {
          episodeId: body.episode_id,
          point: body.point,
          startTime: body.start_time,
          freeUntilTime: body.free_until_time,
          ticketRental: body.ticket_rental === 1,
          singleSale: body.single_sale === 1,
        }),
      );
    },
  );

  app.post(
    '/ops/catalogue/title/art',
    {
      bodyLimit: TITLE_ART_MAX_BYTES,
      schema: {
        hide,
        operationId: 'uploadEditorTitleArt',
        tags,
        querystring: EditorTitleArtQuerySchema,
        response: { 200: EditorTitleResponseSchema },
      },
    },
    async (request) => {
      const { title_id, crop_left, crop_top, crop_width, crop_height } = request.query;
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const mediaType = String(request.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim();
      const crop = { left: crop_left, top: crop_top, width: crop_width, height: crop_height };
      return ok(await catalogueEditor.replaceTitleArt(request.auth, title_id, { bytes, mediaType, crop }));
    },
  );

  app.post(
    '/ops/catalogue/episode/upload',
    {
      schema: {
        hide,
        operationId: 'uploadEditorEpisode',
        tags,
        querystring: EditorEpisodeUploadQuerySchema,
        response: { 200: EditorUploadResponseSchema },
      },
    },
    async (request) => {
      const { title_id, name_en, name_ja } = request.query;
      const length = Number(request.headers['content-length']);
      const body = request.body as NodeJS.ReadableStream | undefined;
      if (!body || typeof body.pipe !== 'function') {
        throw new DomainError(ResponseCode.InvalidParameter, `Send the .cbz as ${CHAPTER_UPLOAD_MEDIA_TYPES[0]}`);
      }
      return ok(
        await chapterUpload.startUpload(request.auth, {
          titleId: title_id,
          nameEn: name_en,
          nameJa: name_ja,
          body,
          contentLength: Number.isFinite(length) ? length : undefined,
        }),
      );
    },
  );

  app.get(
    '/ops/catalogue/episode/upload/status',
    {
      schema: {
        hide,
        operationId: 'getEditorEpisodeUpload',
        tags,
        querystring: EditorEpisodeUploadStatusQuerySchema,
        response: { 200: EditorUploadResponseSchema },
      },
    },
    async (request) => ok(await chapterUpload.getUpload(request.auth, request.query.upload_id)),
  );

  app.post(
    '/ops/catalogue/episode/schedule',
    {
      schema: {
        hide,
        operationId: 'scheduleEditorEpisodes',
        tags,
        body: EditorEpisodeScheduleRequestSchema,
        response: { 200: EditorEpisodeScheduleResponseSchema },
      },
    },
    async (request) => {
      const { title_id, weekday, time, count } = request.body;
      return ok(await catalogueEditor.scheduleEpisodes(request.auth, { titleId: title_id, weekday, time, count }));
    },
  );

  app.get(
    '/ops/catalogue/schedule',
    {
      schema: {
        hide,
        operationId: 'getEditorSchedule',
        tags,
        querystring: EditorScheduleQuerySchema,
        response: { 200: EditorScheduleResponseSchema },
      },
    },
    async (request) => ok(await catalogueEditor.getSchedule(request.auth, request.query.days)),
  );

  app.get(
    '/ops/catalogue/episode/pages',
    {
      schema: {
        hide,
        operationId: 'listEditorEpisodePages',
        tags,
        querystring: EditorEpisodePagesQuerySchema,
        response: { 200: EditorEpisodePagesResponseSchema },
      },
    },
    async (request) => ok(await chapterPages.listPages(request.auth, request.query.episode_id)),
  );

  app.get(
    '/ops/catalogue/episode/page/image',
    {
      schema: { hide, operationId: 'getEditorEpisodePageImage', tags, querystring: EditorEpisodePageImageQuerySchema },
    },
    async (request, reply) => {
      const jpeg = await chapterPages.previewPage(request.auth, request.query.episode_id, request.query.page_id);
      return reply.type('image/jpeg').header('cache-control', 'private, no-store').send(jpeg);
    },
  );

  app.post(
    '/ops/catalogue/episode/pages/order',
    {
      schema: {
        hide,
        operationId: 'reorderEditorEpisodePages',
        tags,
        body: EditorEpisodePageOrderRequestSchema,
        response: { 200: EditorEpisodePagesResponseSchema },
      },
    },
    async (request) =>
      ok(await chapterPages.reorderPages(request.auth, request.body.episode_id, request.body.page_id_list)),
  );

  app.post(
    '/ops/catalogue/episode/page/replace',
    {
      bodyLimit: PAGE_REPLACE_MAX_BYTES,
      schema: {
        hide,
        operationId: 'replaceEditorEpisodePage',
        tags,
        querystring: EditorEpisodePageReplaceQuerySchema,
        response: { 200: EditorEpisodePagesResponseSchema },
      },
    },
    async (request) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const mediaType = String(request.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim();
      const { episode_id, page_id } = request.query;
      return ok(
        await chapterPages.replacePage(request.auth, { episodeId: episode_id, pageId: page_id, bytes, mediaType }),
      );
    },
  );
};
