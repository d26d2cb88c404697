import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from '#src/routes/account.routes.ts';
import { advertisementRoutes } from '#src/routes/advertisement.routes.ts';
import { appRoutes } from '#src/routes/app.routes.ts';
import { batchRoutes } from '#src/routes/batch.routes.ts';
import { bookmarkRoutes } from '#src/routes/bookmark.routes.ts';
import { catalogueRoutes } from '#src/routes/catalogue.routes.ts';
import { catalogueEditorRoutes } from '#src/routes/catalogue-editor.routes.ts';
import { chapterAlertRoutes } from '#src/routes/chapter-alert.routes.ts';
import { commentRoutes } from '#src/routes/comment.routes.ts';
import { devRoutes } from '#src/routes/dev.routes.ts';
import { episodeRoutes } from '#src/routes/episode.routes.ts';
import { favoriteRoutes } from '#src/routes/favorite.routes.ts';
import { genreRoutes } from '#src/routes/genre.routes.ts';
import { healthRoutes } from '#src/routes/health.routes.ts';
import { imageRoutes } from '#src/routes/image.routes.ts';
import { lawRoutes } from '#src/routes/law.routes.ts';
import { loginBonusRoutes } from '#src/routes/loginbonus.routes.ts';
import { magazineRoutes } from '#src/routes/magazine.routes.ts';
import { nicknameRoutes } from '#src/routes/nickname.routes.ts';
import { openapiRoutes } from '#src/routes/openapi.routes.ts';
import { opsRoutes } from '#src/routes/ops.routes.ts';
import { opsFiguresRoutes } from '#src/routes/ops-figures.routes.ts';
import { opsStaffRoutes } from '#src/routes/ops-staff.routes.ts';
import { opsSupportRoutes } from '#src/routes/ops-support.routes.ts';
import { pointRoutes } from '#src/routes/point.routes.ts';
import { purchaseRoutes } from '#src/routes/purchase.routes.ts';
import { rankingRoutes } from '#src/routes/ranking.routes.ts';
import { searchRoutes } from '#src/routes/search.routes.ts';
import { shopRoutes } from '#src/routes/shop.routes.ts';
import { ticketRoutes } from '#src/routes/ticket.routes.ts';
import { titleRoutes } from '#src/routes/title.routes.ts';
import { userRoutes } from '#src/routes/user.routes.ts';
import { webRoutes } from '#src/routes/web.routes.ts';

/** Every route group of product §7; later issues add theirs here. */
export const registerRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(openapiRoutes);
  await app.register(imageRoutes);
  await app.register(titleRoutes);
  await app.register(favoriteRoutes);
  // Bookmarks and the reading settings (ADR 044).
  await app.register(bookmarkRoutes);
  // New-chapter alerts (ADR 065).
  await app.register(chapterAlertRoutes);
  await app.register(episodeRoutes);
  // Catalogue and discovery (ADR 009).
  await app.register(genreRoutes);
  await app.register(magazineRoutes);
  await app.register(rankingRoutes);
  await app.register(searchRoutes);
  await app.register(webRoutes);
  // Several calls of one visitor in one request (ADR 075).
  await app.register(batchRoutes);
  await app.register(catalogueRoutes);
  await app.register(advertisementRoutes);
  await app.register(accountRoutes);
  await app.register(userRoutes);
  await app.register(lawRoutes);
  await app.register(appRoutes);
  // Comments and moderation (ADR 013).
  await app.register(commentRoutes);
  // Readers' nicknames, shown on their comments (ADR 066).
  await app.register(nicknameRoutes);
  await app.register(opsRoutes);
  // The editors' catalogue (issue 26, ADR 046).
  await app.register(catalogueEditorRoutes);
  // Staff roles (ADR 042).
  await app.register(opsStaffRoutes);
  await app.register(opsSupportRoutes);
  // Sales and reading figures (issue 26, ADR 072).
  await app.register(opsFiguresRoutes);
  // Wallet, purchases, tickets and entitlements (ADR 014).
  await app.register(pointRoutes);
  await app.register(purchaseRoutes);
  await app.register(ticketRoutes);
  await app.register(loginBonusRoutes);
  // Shop and card payments (ADR 019).
  await app.register(shopRoutes);
  // The mail outbox is for development only (ADR 007), on this machine only (ADR 015).
  const { config } = app.container;
  if (config.devOutbox && config.env !== 'production') await app.register(devRoutes);
};
