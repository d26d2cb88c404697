// New-chapter alerts (ours, issue 28, ADR 065): the mail switch (GET /user/chapter_alert_setting,
// POST /user/chapter_alert_mail, POST /favorite/alert), the header bell (GET /user/new_chapters,
// POST /user/new_chapters/seen) and the alert mail's no-login unsubscribe (GET and POST
// /mail/unsubscribe with its signed token; the web page of the mail's link calls them).
import {
  ChapterAlertMailRequestSchema,
  ChapterAlertSettingResponseSchema,
  NewChapterListResponseSchema,
  TitleAlertRequestSchema,
  UnsubscribeResponseSchema,
  UnsubscribeTokenSchema,
} from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readerOf } from '#src/http/caller.http.ts';
import { ok } from '#src/plugins/envelope.plugin.ts';

export const chapterAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  const alerts = () => app.container.services.chapterAlerts;
  const setting = { 200: ChapterAlertSettingResponseSchema };
  const chapters = { 200: NewChapterListResponseSchema };
  const unsubscribed = { 200: UnsubscribeResponseSchema };

  app.get(
    '/user/chapter_alert_setting',
    { schema: { operationId: 'getChapterAlertSetting', tags: ['user'], response: setting } },
    async (request) => ok(await alerts().getSetting(request.auth)),
  );
  app.post(
    '/user/chapter_alert_mail',
    {
      schema: {
        operationId: 'setChapterAlertMail',
        tags: ['user'],
        body: ChapterAlertMailRequestSchema,
        response: setting,
      },
    },
    async (request) => ok(await alerts().setMail(request.auth, request.body.chapter_alert_mail, request.client.locale)),
  );
  app.post(
    '/favorite/alert',
    { schema: { operationId: 'setTitleAlert', tags: ['favorite'], body: TitleAlertRequestSchema, response: setting } },
    async (request) => ok(await alerts().setTitleAlert(request.auth, request.body.title_id, request.body.alert_mail)),
  );

  app.get(
    '/user/new_chapters',
    { schema: { operationId: 'listNewChapters', tags: ['user'], response: chapters } },
    async (request) => ok(await alerts().listNewChapters(request.auth, readerOf(request), request.client.locale)),
  );
  app.post(
    '/user/new_chapters/seen',
    { schema: { operationId: 'markNewChaptersSeen', tags: ['user'], response: chapters } },
    async (request) => ok(await alerts().markNewChaptersSeen(request.auth)),
  );

  app.get(
    '/mail/unsubscribe',
    {
      schema: {
        operationId: 'readUnsubscribe',
        tags: ['user'],
        querystring: UnsubscribeTokenSchema,
        response: unsubscribed,
      },
    },
    async (request) => ok(await alerts().readUnsubscribe(request.query.token)),
  );
  app.post(
    '/mail/unsubscribe',
    {
      schema: { operationId: 'unsubscribe', tags: ['user'], body: UnsubscribeTokenSchema, response: unsubscribed },
    },
    async (request) => ok(await alerts().unsubscribe(request.body.token)),
  );
};
