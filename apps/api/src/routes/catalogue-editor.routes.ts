// The editors' catalogue API (issue 26, ADR 046) under /ops/catalogue/. As with the rest of /ops
// (guardStaffRoutes), a caller without access gets exactly the answer of an unknown path, before any
// parameter is read.
import {
  CHAPTER_UPLOAD_MEDIA_TYPES,
  EditorEpisodeAccessQuerySchema,
  EditorEpisodeAccessResponseSchema,
  EditorEpisodeListQuerySchema,
  EditorEpisodeListResponseSchema,
  EditorEpisodePageImageQuerySchema,
  EditorEpisodePageOrderRequestSchema,
  EditorEpisodePageReplaceQuerySchema,
  EditorEpisodePagesQuerySchema,
  EditorEpisodePagesResponseSchema,
  EditorEpisodePreviewQuerySchema,
  EditorEpisodePreviewResponseSchema,
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
  StaffPermission,
  TITLE_ART_MAX_BYTES,
  TITLE_ART_MEDIA_TYPES,
  TopBannerDeleteRequestSchema,
  TopBannerImageQuerySchema,
  TopBannerSaveRequestSchema,
  TopCampaignRequestSchema,
  TopCurationChangeResponseSchema,
  TopCurationResponseSchema,
  TopPickAddRequestSchema,
  TopPickOrderRequestSchema,
  TopPickRemoveRequestSchema,
  TopRankingsRebuildResponseSchema,
} from '@manga/contracts';
import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardStaffRoutes } from '#src/http/staff-guard.http.ts';
import { ok } from '#src/plugins/envelope.plugin.ts';
import { DomainError } from '#src/rules/domain.error.ts';

const tags = ['ops'];
const hide = true;
/** Every route here is the editors' (ADR 046): the staff gate checks this permission first (ADR 042). */
const editor = { staffPermission: StaffPermission.TitleEdit };
/** The answer of a top-page curation change (ADR 074). */
const change = { 200: TopCurationChangeResponseSchema };

/**
 * The options of an editors' route: the gate's permission, the schema that parses its parameters
 * (hidden from the public reference, tagged ops) and, for an upload, its body limit.
 */
function editorRoute<S extends FastifySchema>(operationId: string, schema: S, options: { bodyLimit?: number } = {}) {
  return { ...options, config: editor, schema: { hide, operationId, tags, ...schema } };
}

export const catalogueEditorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalogueEditor, chapterUpload, chapterPages, chapterPreview, topCuration } = app.container.services;
  guardStaffRoutes(app);
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
    editorRoute('getEditorVocabulary', { response: { 200: EditorVocabularyResponseSchema } }),
    async (request) => ok(await catalogueEditor.getVocabulary(request.auth)),
  );

  app.get(
    '/ops/catalogue/title/list',
    editorRoute('listEditorTitles', {
      querystring: EditorTitleListQuerySchema,
      response: { 200: EditorTitleListResponseSchema },
    }),
    async (request) => ok(await catalogueEditor.listTitles(request.auth, request.query)),
  );

  app.get(
    '/ops/catalogue/title',
    editorRoute('getEditorTitle', {
      querystring: EditorTitleQuerySchema,
      response: { 200: EditorTitleResponseSchema },
    }),
    async (request) => ok(await catalogueEditor.getTitle(request.auth, request.query.title_id)),
  );

  app.post(
    '/ops/catalogue/title/create',
    editorRoute('createEditorTitle', {
      body: EditorTitleCreateRequestSchema,
      response: { 200: EditorTitleResponseSchema },
    }),
    async (request) => ok(await catalogueEditor.createTitle(request.auth, request.body)),
  );

  app.post(
    '/ops/catalogue/title/update',
    editorRoute('updateEditorTitle', {
      body: EditorTitleUpdateRequestSchema,
      response: { 200: EditorTitleResponseSchema },
    }),
    async (request) => {
      const { title_id, ...fields } = request.body;
      return ok(await catalogueEditor.updateTitle(request.auth, title_id, fields));
    },
  );

  app.post(
    '/ops/catalogue/title/publish',
    editorRoute('publishEditorTitle', {
      body: EditorTitlePublishRequestSchema,
      response: { 200: EditorTitleResponseSchema },
    }),
    async (request) =>
      ok(await catalogueEditor.setPublished(request.auth, request.body.title_id, request.body.published === 1)),
  );

  app.get(
    '/ops/catalogue/episode/list',
    editorRoute('listEditorEpisodes', {
      querystring: EditorEpisodeListQuerySchema,
      response: { 200: EditorEpisodeListResponseSchema },
    }),
    async (request) => ok(await catalogueEditor.listEpisodes(request.auth, request.query.title_id)),
  );

  app.post(
    '/ops/catalogue/episode/update',
    editorRoute('updateEditorEpisode', {
      body: EditorEpisodeUpdateRequestSchema,
      response: { 200: EditorEpisodeResponseSchema },
    }),
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
    editorRoute(
      'uploadEditorTitleArt',
      { querystring: EditorTitleArtQuerySchema, response: { 200: EditorTitleResponseSchema } },
      { bodyLimit: TITLE_ART_MAX_BYTES },
    ),
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
    editorRoute('uploadEditorEpisode', {
      querystring: EditorEpisodeUploadQuerySchema,
      response: { 200: EditorUploadResponseSchema },
    }),
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
    editorRoute('getEditorEpisodeUpload', {
      querystring: EditorEpisodeUploadStatusQuerySchema,
      response: { 200: EditorUploadResponseSchema },
    }),
    async (request) => ok(await chapterUpload.getUpload(request.auth, request.query.upload_id)),
  );

  app.post(
    '/ops/catalogue/episode/schedule',
    editorRoute('scheduleEditorEpisodes', {
      body: EditorEpisodeScheduleRequestSchema,
      response: { 200: EditorEpisodeScheduleResponseSchema },
    }),
    async (request) => {
      const { title_id, weekday, time, count } = request.body;
      return ok(await catalogueEditor.scheduleEpisodes(request.auth, { titleId: title_id, weekday, time, count }));
    },
  );

  app.get(
    '/ops/catalogue/schedule',
    editorRoute('getEditorSchedule', {
      querystring: EditorScheduleQuerySchema,
      response: { 200: EditorScheduleResponseSchema },
    }),
    async (request) => ok(await catalogueEditor.getSchedule(request.auth, request.query.days)),
  );

  app.get(
    '/ops/catalogue/episode/pages',
    editorRoute('listEditorEpisodePages', {
      querystring: EditorEpisodePagesQuerySchema,
      response: { 200: EditorEpisodePagesResponseSchema },
    }),
    async (request) => ok(await chapterPages.listPages(request.auth, request.query.episode_id)),
  );

  app.get(
    '/ops/catalogue/episode/page/image',
    editorRoute('getEditorEpisodePageImage', { querystring: EditorEpisodePageImageQuerySchema }),
    async (request, reply) => {
      const jpeg = await chapterPages.previewPage(request.auth, request.query.episode_id, request.query.page_id);
      return reply.type('image/jpeg').header('cache-control', 'private, no-store').send(jpeg);
    },
  );

  // The chapter in the real reader before release (ADR 073): the web viewer's answer, recording
  // nothing, for this editor alone (never kept by a shared cache).
  app.get(
    '/ops/catalogue/episode/preview',
    editorRoute('getEditorEpisodePreview', {
      querystring: EditorEpisodePreviewQuerySchema,
      response: { 200: EditorEpisodePreviewResponseSchema },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { episode_id, image_quality } = request.query;
      return ok(
        await chapterPreview.getPreview(request.auth, episode_id, {
          locale: request.client.locale,
          seedFormat: request.client.seedFormat,
          quality: image_quality,
        }),
      );
    },
  );

  // What a guest, a member without points and a ticket holder would be shown for the chapter (ADR 073).
  app.get(
    '/ops/catalogue/episode/access',
    editorRoute('getEditorEpisodeAccess', {
      querystring: EditorEpisodeAccessQuerySchema,
      response: { 200: EditorEpisodeAccessResponseSchema },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(await chapterPreview.getAccessPreview(request.auth, request.query.episode_id));
    },
  );

  app.post(
    '/ops/catalogue/episode/pages/order',
    editorRoute('reorderEditorEpisodePages', {
      body: EditorEpisodePageOrderRequestSchema,
      response: { 200: EditorEpisodePagesResponseSchema },
    }),
    async (request) =>
      ok(await chapterPages.reorderPages(request.auth, request.body.episode_id, request.body.page_id_list)),
  );

  app.post(
    '/ops/catalogue/episode/page/replace',
    editorRoute(
      'replaceEditorEpisodePage',
      { querystring: EditorEpisodePageReplaceQuerySchema, response: { 200: EditorEpisodePagesResponseSchema } },
      { bodyLimit: PAGE_REPLACE_MAX_BYTES },
    ),
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

  // Top page curation (ADR 074): picks, banners, campaign texts and the rankings rebuilt on demand.
  app.get(
    '/ops/catalogue/top',
    editorRoute('getTopCuration', { response: { 200: TopCurationResponseSchema } }),
    async (request) => ok(await topCuration.getCuration(request.auth, request.client.locale)),
  );

  app.post(
    '/ops/catalogue/top/pick/add',
    editorRoute('addTopPick', { body: TopPickAddRequestSchema, response: change }),
    async (request) => {
      const { kind, target_id, start_time, end_time } = request.body;
      return ok(
        await topCuration.addPick(request.auth, {
          kind,
          targetId: target_id,
          startTime: start_time,
          endTime: end_time,
        }),
      );
    },
  );

  app.post(
    '/ops/catalogue/top/pick/remove',
    editorRoute('removeTopPick', { body: TopPickRemoveRequestSchema, response: change }),
    async (request) => ok(await topCuration.removePick(request.auth, request.body.pick_id)),
  );

  app.post(
    '/ops/catalogue/top/pick/order',
    editorRoute('orderTopPicks', { body: TopPickOrderRequestSchema, response: change }),
    async (request) => ok(await topCuration.orderPicks(request.auth, request.body.kind, request.body.pick_id_list)),
  );

  app.post(
    '/ops/catalogue/top/banner/save',
    editorRoute('saveTopBanner', { body: TopBannerSaveRequestSchema, response: change }),
    async (request) => {
      const body = request.body;
      return ok(
        await topCuration.saveBanner(request.auth, {
          advertisementId: body.advertisement_id,
          linkUrl: body.link_url,
          altText: body.alt_text,
          altTextJa: body.alt_text_ja,
          position: body.position,
          startTime: body.start_time,
          endTime: body.end_time,
        }),
      );
    },
  );

  app.post(
    '/ops/catalogue/top/banner/image',
    editorRoute(
      'uploadTopBannerImage',
      { querystring: TopBannerImageQuerySchema, response: change },
      { bodyLimit: TITLE_ART_MAX_BYTES },
    ),
    async (request) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const mediaType = String(request.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim();
      return ok(
        await topCuration.replaceBannerImage(request.auth, request.query.advertisement_id, { bytes, mediaType }),
      );
    },
  );

  app.post(
    '/ops/catalogue/top/banner/delete',
    editorRoute('deleteTopBanner', { body: TopBannerDeleteRequestSchema, response: change }),
    async (request) => ok(await topCuration.deleteBanner(request.auth, request.body.advertisement_id)),
  );

  app.post(
    '/ops/catalogue/top/campaign',
    editorRoute('setTopCampaign', { body: TopCampaignRequestSchema, response: change }),
    async (request) => {
      const { title_id, campaign_text, campaign_text_ja, start_time, end_time } = request.body;
      return ok(
        await topCuration.setCampaign(request.auth, {
          titleId: title_id,
          text: campaign_text,
          textJa: campaign_text_ja,
          startTime: start_time,
          endTime: end_time,
        }),
      );
    },
  );

  app.post(
    '/ops/catalogue/top/rankings/rebuild',
    editorRoute('rebuildTopRankings', { response: { 200: TopRankingsRebuildResponseSchema } }),
    async (request) => ok(await topCuration.rebuildRankings(request.auth)),
  );
};
