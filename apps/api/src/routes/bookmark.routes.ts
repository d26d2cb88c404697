// Page bookmarks and the reading settings (ours, issue 28, ADR 044): GET /bookmark/list,
// POST /bookmark/add, /bookmark/update, /bookmark/delete; GET /user/reading_setting,
// POST /user/private_reading and /user/device_name.
import {
  BookmarkAddRequestSchema,
  BookmarkChangeResponseSchema,
  BookmarkIdRequestSchema,
  BookmarkListQuerySchema,
  BookmarkListResponseSchema,
  BookmarkUpdateRequestSchema,
  DeviceNameRequestSchema,
  PrivateReadingRequestSchema,
  ReadingSettingResponseSchema,
} from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { episodeListContext } from '#src/http/caller.http.ts';
import { ok } from '#src/plugins/envelope.plugin.ts';

export const bookmarkRoutes: FastifyPluginAsyncZod = async (app) => {
  const bookmarks = () => app.container.services.bookmarks;
  const settings = () => app.container.services.readingSettings;
  const changed = { 200: BookmarkChangeResponseSchema };

  app.get(
    '/bookmark/list',
    {
      schema: {
        operationId: 'listBookmarks',
        tags: ['bookmark'],
        querystring: BookmarkListQuerySchema,
        response: { 200: BookmarkListResponseSchema },
      },
    },
    async (request) => ok(await bookmarks().listBookmarks(request.auth, request.query, episodeListContext(request))),
  );
  app.post(
    '/bookmark/add',
    { schema: { operationId: 'addBookmark', tags: ['bookmark'], body: BookmarkAddRequestSchema, response: changed } },
    async (request) =>
      ok(
        await bookmarks().addBookmark(
          request.auth,
          { episodeId: request.body.episode_id, page: request.body.page, note: request.body.note ?? '' },
          episodeListContext(request),
        ),
      ),
  );
  app.post(
    '/bookmark/update',
    {
      schema: {
        operationId: 'updateBookmark',
        tags: ['bookmark'],
        body: BookmarkUpdateRequestSchema,
        response: changed,
      },
    },
    async (request) => ok(await bookmarks().updateBookmark(request.auth, request.body.bookmark_id, request.body.note)),
  );
  app.post(
    '/bookmark/delete',
    { schema: { operationId: 'deleteBookmark', tags: ['bookmark'], body: BookmarkIdRequestSchema, response: changed } },
    async (request) => ok(await bookmarks().deleteBookmark(request.auth, request.body.bookmark_id)),
  );

  const setting = { 200: ReadingSettingResponseSchema };
  app.get(
    '/user/reading_setting',
    { schema: { operationId: 'getReadingSetting', tags: ['user'], response: setting } },
    async (request) => ok(settings().getReadingSetting(request.auth)),
  );
  app.post(
    '/user/private_reading',
    {
      schema: {
        operationId: 'setPrivateReading',
        tags: ['user'],
        body: PrivateReadingRequestSchema,
        response: setting,
      },
    },
    async (request) => ok(await settings().setPrivateReading(request.auth, request.body.private_reading)),
  );
  app.post(
    '/user/device_name',
    { schema: { operationId: 'nameDevice', tags: ['user'], body: DeviceNameRequestSchema, response: setting } },
    async (request) => ok(await settings().nameDevice(request.auth, request.body.device_name)),
  );
};
