// Wiring of the catalogue and discovery (ADR 009) and the catalogue revision feed (ADR 040).
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { CATALOGUE_REVISION_HEARTBEAT_MS } from '@manga/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#src/config.ts';
import { openRevisionChannel } from '#src/db/catalogue-revision-channel.ts';
import type { DatabaseHandle } from '#src/db/database.ts';
import { CATALOGUE_TABLES } from '#src/db/migrations/20261124212000_catalogue_revision.ts';
import { TOP_CURATION_CATALOGUE_TABLES } from '#src/db/migrations/20261127221500_top_curation.ts';
import { READER_TABLES } from '#src/db/migrations/20261128170000_reader_revision.ts';
import { MY_READER_TABLES } from '#src/db/migrations/20261129010000_reader_revision_my.ts';
import { AdvertisementRepository } from '#src/repositories/advertisement.repository.ts';
import { BookmarkRepository } from '#src/repositories/bookmark.repository.ts';
import { CatalogueRevisionRepository } from '#src/repositories/catalogue-revision.repository.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { EpisodeRepository } from '#src/repositories/episode.repository.ts';
import { FavoriteRepository } from '#src/repositories/favorite.repository.ts';
import { GenreRepository } from '#src/repositories/genre.repository.ts';
import { JobRepository } from '#src/repositories/job.repository.ts';
import type { MagazineRepository } from '#src/repositories/magazine.repository.ts';
import type { OwnershipRepository } from '#src/repositories/ownership.repository.ts';
import { RankingRepository } from '#src/repositories/ranking.repository.ts';
import { ReaderRevisionRepository } from '#src/repositories/reader-revision.repository.ts';
import { ReadingHistoryRepository } from '#src/repositories/reading-history.repository.ts';
import type { TitleRepository } from '#src/repositories/title.repository.ts';
import { TitleActivityRepository } from '#src/repositories/title-activity.repository.ts';
import { TopCurationRepository } from '#src/repositories/top-curation.repository.ts';
import type { UserRepository } from '#src/repositories/user.repository.ts';
import { wireDate, wireDayBounds } from '#src/rules/wire-calendar.rules.ts';
import { AdvertisementService } from '#src/services/advertisement.service.ts';
import { BookmarkService } from '#src/services/bookmark.service.ts';
import { CatalogueService } from '#src/services/catalogue.service.ts';
import { CatalogueRevisionFeed } from '#src/services/catalogue-revision-feed.service.ts';
import { CatalogueRevisionStreams } from '#src/services/catalogue-revision-stream.service.ts';
import { EntitlementService } from '#src/services/entitlement.service.ts';
import { FavoriteService } from '#src/services/favorite.service.ts';
import { GenreService } from '#src/services/genre.service.ts';
import { JobScheduler } from '#src/services/job-scheduler.service.ts';
import { MagazineService } from '#src/services/magazine.service.ts';
import type { MediaUrlSigner } from '#src/services/media-url-signer.service.ts';
import { RankingService } from '#src/services/ranking.service.ts';
import { RankingRebuildService, REBUILD_RANKINGS } from '#src/services/ranking-rebuild.service.ts';
import { ReaderRevisionFeed } from '#src/services/reader-revision-feed.service.ts';
import { ReadingHistoryService } from '#src/services/reading-history.service.ts';
import { RecommendationService } from '#src/services/recommendation.service.ts';
import { ResponseCache } from '#src/services/response-cache.service.ts';
import { SearchService } from '#src/services/search.service.ts';
import { TtlCache } from '#src/services/ttl-cache.service.ts';
import { ViewerService } from '#src/services/viewer.service.ts';
import { WebTopService } from '#src/services/web-top.service.ts';

/** Every table whose writes move the catalogue revision (each migration's triggers): this process's own writes to them mark its revision stale at once. */
export const WATCHED_CATALOGUE_TABLES: readonly string[] = [...CATALOGUE_TABLES, ...TOP_CURATION_CATALOGUE_TABLES];

/** How often an API process with revision streams open reads maintenance (a switch reaches the web servers within it). */
const MAINTENANCE_POLL_MS = 500;

/**
 * Catalogue and discovery (ADR 009): entitlement, catalogue, genres, magazines, rankings (and their
 * job), search, recommendations, the web top page, the viewer, the reading history (ADR 016) and
 * advertisements.
 */

export function createCatalogueServices(options: {
  config: Config;
  database: DatabaseHandle;
  clock: ClockRepository;
  mediaUrls: MediaUrlSigner;
  log: FastifyBaseLogger | undefined;
  /** Maintenance read now (the revision streams tell the web servers when it switches). */
  maintenanceOn: () => Promise<boolean>;
  repositories: {
    titles: TitleRepository;
    episodes: EpisodeRepository;
    magazines: MagazineRepository;
    users: UserRepository;
    ownership: OwnershipRepository;
  };
}) {
  const { config, database, clock, mediaUrls } = options;
  const { titles, episodes, magazines, users, ownership } = options.repositories;
  const repositories = {
    genres: new GenreRepository(database.db),
    rankings: new RankingRepository(database.db),
    titleActivity: new TitleActivityRepository(database.db),
    readingHistory: new ReadingHistoryRepository(database.db),
    favorites: new FavoriteRepository(database.db),
    bookmarks: new BookmarkRepository(database.db),
    advertisements: new AdvertisementRepository(database.db),
    topPicks: new TopCurationRepository(database.db),
    jobs: new JobRepository(database.db),
  };
  const cache = new TtlCache({ ttlMs: config.catalogueCacheTtlMs, maxEntries: 50_000, now: () => clock.now() });
  const revisionFeed = createRevisionFeed(config, database, options.log);
  const responses = new ResponseCache(revisionFeed.feed, {
    maxBytes: config.responseCacheMaxBytes,
    ttlMs: config.responseCacheTtlMs,
    revisionCheckMs: config.catalogueRevisionCheckMs,
    now: () => clock.now(),
    nextDayStartAt: (now) => wireDayBounds(wireDate(now, config.wireTimeZone), config.wireTimeZone).end,
  });
  // A catalogue change seen by the response cache empties the title and episode cache too.
  responses.onCatalogueChange(() => cache.clear());
  const timeZone = config.wireTimeZone;
  const urls = mediaUrls;
  const entitlement = new EntitlementService({ titles, episodes, users, ownership });
  const catalogue = new CatalogueService(
    {
      titles,
      episodes,
      magazines,
      popularity: repositories.rankings,
      entitlement,
      views: repositories.readingHistory,
      clock,
      urls,
      cache,
    },
    { timeZone, webPublicUrl: config.webPublicUrl },
  );
  const genres = new GenreService({ genres: repositories.genres, titles, clock, urls, cache });
  const rankings = new RankingService({ store: repositories.rankings, catalogue, cache });
  const rankingRebuild = new RankingRebuildService(
    { store: repositories.rankings, activity: repositories.titleActivity, titles, clock },
    { timeZone, windowDays: config.rankingWindowDays, entriesPerTab: 100, intervalMs: config.rankingIntervalMs },
  );
  const jobs = new JobScheduler(repositories.jobs, clock, {
    leaseMs: config.jobLeaseMs,
    owner: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
  });
  jobs.register({
    name: REBUILD_RANKINGS,
    intervalMs: config.rankingIntervalMs,
    shouldRunAtStart: () => rankingRebuild.areRankingsStale(),
    handle: () => rankingRebuild.handleRebuildRankings(),
  });
  const viewer = new ViewerService(
    {
      catalogue,
      entitlement,
      episodes,
      activity: repositories.titleActivity,
      progress: repositories.readingHistory,
      clock,
      urls,
    },
    { timeZone, webPublicUrl: config.webPublicUrl, log: options.log },
  );
  const services = {
    entitlement,
    catalogue,
    genres,
    magazines: new MagazineService({ magazines, clock, urls, cache }, { timeZone }),
    rankings,
    rankingRebuild,
    search: new SearchService({ titles, catalogue, genres, clock, urls, cache }),
    recommendations: new RecommendationService(
      { titles, activity: repositories.titleActivity, catalogue, rankings, genres, clock, cache },
      { timeZone },
    ),
    webTop: new WebTopService({
      advertisements: repositories.advertisements,
      picks: repositories.topPicks,
      episodes,
      catalogue,
      rankings,
      clock,
      urls,
      cache,
    }),
    viewer,
    bookmarks: new BookmarkService({ bookmarks: repositories.bookmarks, viewer, catalogue, clock }, { timeZone }),
    readingHistory: new ReadingHistoryService({ history: repositories.readingHistory, catalogue }, { timeZone }),
    favorites: new FavoriteService({ favorites: repositories.favorites, catalogue, clock }, { timeZone }),
    advertisements: new AdvertisementService(repositories.advertisements, clock, { timeZone }),
    jobs,
    catalogueCache: cache,
    responseCache: responses,
    catalogueRevision: revisionFeed.feed,
    catalogueRevisionStreams: new CatalogueRevisionStreams(
      {
        describe: () => responses.describe(),
        onChange: (listener) => revisionFeed.feed.onChange(listener),
        // With a revision check interval the answer after a move may still be the old one: not pushed.
        get pushed() {
          return revisionFeed.feed.pushed && config.catalogueRevisionCheckMs === 0;
        },
        maintenanceOn: options.maintenanceOn,
        readers: revisionFeed.readers,
      },
      {
        maxStreams: MAX_REVISION_STREAMS,
        heartbeatMs: CATALOGUE_REVISION_HEARTBEAT_MS,
        maintenancePollMs: MAINTENANCE_POLL_MS,
      },
    ),
  };
  return { repositories: { ...repositories, catalogueRevisionChannel: revisionFeed.channel }, services };
}

/** Web servers one API process pushes the revision to at most (ADR 078). */
const MAX_REVISION_STREAMS = 64;

/**
 * The catalogue revision pushed to this process (ADR 040): this handle's own committed writes to a
 * catalogue table and the revision channel (LISTEN/NOTIFY, or the SQLite file watch) mark it stale,
 * and it is read again at most MANGA_CATALOGUE_PUSH_RECHECK_SECONDS after the last read.
 */

export function createRevisionFeed(config: Config, database: DatabaseHandle, log: FastifyBaseLogger | undefined) {
  const store = new CatalogueRevisionRepository(database.db, database.readSync);
  const push = config.cataloguePushRecheckMs > 0 && database.location !== undefined && database.onWrite !== undefined;
  let feed: CatalogueRevisionFeed | undefined;
  // Readers' moves ride on the same channel and streams (ADR 081); without push nothing is trusted.
  const readers = push ? new ReaderRevisionFeed(new ReaderRevisionRepository(database.db)) : undefined;
  const channel =
    push && database.location
      ? openRevisionChannel(database.location, {
          changed: () => feed?.changed(),
          readerMoved: (userId) => readers?.told(userId),
          readersMissed: () => readers?.missed(),
          info: (message) => log?.info(message),
          warn: (details, message) => log?.warn(details, message),
        })
      : undefined;
  feed = new CatalogueRevisionFeed(store, channel, {
    recheckMs: push ? config.cataloguePushRecheckMs : 0,
    elapsed: () => performance.now(),
  });
  const catalogueTables: ReadonlySet<string> = new Set(WATCHED_CATALOGUE_TABLES);
  const readerTables: ReadonlySet<string> = new Set([...READER_TABLES, ...MY_READER_TABLES].map(({ table }) => table));
  // One pass over each committed write's tables for both feeds.
  database.onWrite?.((tables) => {
    let catalogue = false;
    let reader = false;
    for (const table of tables) {
      catalogue ||= catalogueTables.has(table);
      reader ||= readerTables.has(table);
    }
    // The writer is not held for its own message: a bulk import or a factory writing hundreds of
    // rows waited up to 250 ms per statement. Other processes read the NOTIFY about 1 ms later.
    if (catalogue) feed?.changed();
    if (reader) readers?.wrote();
  });
  return { feed, channel, readers };
}
