// product §7 Comments (ADR 013): the twelve /episode/comment/* calls. Shapes are ours (wire §3.6).
import {
  CommentEpisodeQuerySchema,
  CommentHistoryQuerySchema,
  CommentHistoryResponseSchema,
  CommentIdRequestSchema,
  CommentLatestQuerySchema,
  CommentLikeIdsResponseSchema,
  CommentLikeNoticeResponseSchema,
  CommentLikeResponseSchema,
  CommentListQuerySchema,
  CommentListResponseSchema,
  CommentPostInfoResponseSchema,
  CommentPostRequestSchema,
  CommentPostResponseSchema,
  CommentReportRequestSchema,
  SuccessEnvelopeSchema,
} from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commentCaller } from '#src/http/caller.http.ts';
import { ok } from '#src/plugins/envelope.plugin.ts';

const tags = ['comment'];

export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  const comments = () => app.container.services.comments;

  app.get(
    '/episode/comment/list',
    {
      schema: {
        operationId: 'listEpisodeComments',
        tags,
        querystring: CommentListQuerySchema,
        response: { 200: CommentListResponseSchema },
      },
    },
    async (request) => ok(await comments().listComments(commentCaller(request), request.query)),
  );

  app.get(
    '/episode/comment/latest',
    {
      schema: {
        operationId: 'listLatestEpisodeComments',
        tags,
        querystring: CommentLatestQuerySchema,
        response: { 200: CommentListResponseSchema },
      },
    },
    async (request) => ok(await comments().listLatestComments(commentCaller(request), request.query)),
  );

  app.get(
    '/episode/comment/history',
    {
      schema: {
        operationId: 'listCommentHistory',
        tags,
        querystring: CommentHistoryQuerySchema,
        response: { 200: CommentHistoryResponseSchema },
      },
    },
    async (request) => ok(await comments().listHistory(commentCaller(request), request.query)),
  );

  app.get(
    '/episode/comment/post/info',
    {
      schema: {
        operationId: 'getCommentPostInfo',
        tags,
        querystring: CommentEpisodeQuerySchema,
        response: { 200: CommentPostInfoResponseSchema },
      },
    },
    async (request) => ok(await comments().getPostInfo(commentCaller(request), request.query.episode_id)),
  );

  app.get(
    '/episode/comment/likes/ids',
    {
      schema: {
        operationId: 'listLikedCommentIds',
        tags,
        querystring: CommentEpisodeQuerySchema,
        response: { 200: CommentLikeIdsResponseSchema },
      },
    },
    async (request) => ok(await comments().listLikedCommentIds(commentCaller(request), request.query.episode_id)),
  );

  app.get(
    '/episode/comment/like/notice',
    {
      schema: { operationId: 'readCommentLikeNotices', tags, response: { 200: CommentLikeNoticeResponseSchema } },
    },
    async (request) => ok(await comments().readLikeNotices(commentCaller(request))),
  );

  app.post(
    '/episode/comment/post',
    {
      schema: {
        operationId: 'postComment',
        tags,
        body: CommentPostRequestSchema,
        response: { 200: CommentPostResponseSchema },
      },
    },
    async (request) =>
      ok(await comments().postComment(commentCaller(request), request.body.episode_id, request.body.comment)),
  );

  app.post(
    '/episode/comment/like/add',
    {
      schema: {
        operationId: 'likeComment',
        tags,
        body: CommentIdRequestSchema,
        response: { 200: CommentLikeResponseSchema },
      },
    },
    async (request) => ok(await comments().likeComment(commentCaller(request), request.body.comment_id)),
  );

  app.post(
    '/episode/comment/like/cancel',
    {
      schema: {
        operationId: 'unlikeComment',
        tags,
        body: CommentIdRequestSchema,
        response: { 200: CommentLikeResponseSchema },
      },
    },
    async (request) => ok(await comments().unlikeComment(commentCaller(request), request.body.comment_id)),
  );

  app.post(
    '/episode/comment/mute',
    {
      schema: {
        operationId: 'muteCommenter',
        tags,
        body: CommentIdRequestSchema,
        response: { 200: SuccessEnvelopeSchema },
      },
    },
    async (request) => {
      await comments().muteCommenter(commentCaller(request), request.body.comment_id);
      return ok({});
    },
  );

  app.post(
    '/episode/comment/report',
    {
      schema: {
        operationId: 'reportComment',
        tags,
        body: CommentReportRequestSchema,
        response: { 200: SuccessEnvelopeSchema },
      },
    },
    async (request) => {
      const { comment_id, ...details } = request.body;
      await comments().reportComment(commentCaller(request), comment_id, details);
      return ok({});
    },
  );
};
