// Wiring of the editors' console (issue 26, ADR 046).
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#src/config.ts';
import type { DatabaseHandle } from '#src/db/database.ts';
import { FileArchiveRepository } from '#src/repositories/archive.repository.ts';
import { ChapterUploadRepository } from '#src/repositories/chapter-upload.repository.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { CryptoRepository } from '#src/repositories/crypto.repository.ts';
import { SharpImageProcessor } from '#src/repositories/image-processor.repository.ts';
import { IngestRepository } from '#src/repositories/ingest.repository.ts';
import type { StorageRepository } from '#src/repositories/storage.repository.ts';
import { TitleEditorRepository, TitleEditorTransactionRepository } from '#src/repositories/title-editor.repository.ts';
import { TopCurationRepository, TopCurationTransactionRepository } from '#src/repositories/top-curation.repository.ts';
import { UploadSpoolRepository } from '#src/repositories/upload-spool.repository.ts';
import { type CatalogueEditorDeps, CatalogueEditorService } from '#src/services/catalogue-editor.service.ts';
import { ChapterPagesService } from '#src/services/chapter-pages.service.ts';
import { type ChapterPreviewDeps, ChapterPreviewService } from '#src/services/chapter-preview.service.ts';
import { ChapterUploadService } from '#src/services/chapter-upload.service.ts';
import type { IngestService } from '#src/services/ingest.service.ts';
import type { MediaUrlSigner } from '#src/services/media-url-signer.service.ts';
import { type TopCurationDeps, TopCurationService } from '#src/services/top-curation.service.ts';

/** The editors' console: titles, their art and publication (issue 26, ADR 046). */
export function createEditorialServices(options: {
  config: Config;
  database: DatabaseHandle;
  clock: ClockRepository;
  crypto: CryptoRepository;
  mediaUrls: MediaUrlSigner;
  storage: StorageRepository;
  ingest: IngestService;
  /** The reader's viewer and entitlement, which the chapter preview asks (ADR 073). */
  viewer: ChapterPreviewDeps['viewer'];
  entitlement: ChapterPreviewDeps['entitlement'];
  log: FastifyBaseLogger | undefined;
  access: CatalogueEditorDeps['access'];
  /** Top page curation (ADR 074): what the rules choose, and the rankings rebuilt on demand. */
  topRules: TopCurationDeps['rules'];
  rankings: TopCurationDeps['rankings'];
}) {
  const repositories = {
    titleEditor: new TitleEditorRepository(options.database.db),
    titleEditorTransactions: new TitleEditorTransactionRepository(options.database.db),
    uploadSpool: new UploadSpoolRepository(options.config.uploadDir),
    topCuration: new TopCurationRepository(options.database.db),
  };
  const services = {
    topCuration: new TopCurationService(
      {
        access: options.access,
        store: repositories.topCuration,
        transactions: new TopCurationTransactionRepository(options.database.db),
        rules: options.topRules,
        rankings: options.rankings,
        ingest: options.ingest,
        images: new SharpImageProcessor(),
        storage: options.storage,
        clock: options.clock,
        urls: options.mediaUrls,
        randomU32: () => options.crypto.randomU32(),
      },
      { timeZone: options.config.wireTimeZone },
    ),
    catalogueEditor: new CatalogueEditorService(
      {
        access: options.access,
        titles: repositories.titleEditor,
        transactions: repositories.titleEditorTransactions,
        ingest: options.ingest,
        images: new SharpImageProcessor(),
        storage: options.storage,
        clock: options.clock,
        urls: options.mediaUrls,
        randomU32: () => options.crypto.randomU32(),
      },
      { timeZone: options.config.wireTimeZone },
    ),
    chapterPages: new ChapterPagesService({
      access: options.access,
      pages: repositories.titleEditor,
      transactions: repositories.titleEditorTransactions,
      ingest: options.ingest,
      images: new SharpImageProcessor(),
      storage: options.storage,
      clock: options.clock,
      randomU32: () => options.crypto.randomU32(),
      log: options.log?.child({ service: 'chapter-pages' }),
    }),
    chapterPreview: new ChapterPreviewService(
      { access: options.access, viewer: options.viewer, entitlement: options.entitlement, clock: options.clock },
      { timeZone: options.config.wireTimeZone },
    ),
    chapterUpload: new ChapterUploadService(
      {
        access: options.access,
        titles: new IngestRepository(options.database.db),
        spool: repositories.uploadSpool,
        archive: new FileArchiveRepository(),
        ingest: options.ingest,
        progress: new ChapterUploadRepository(options.database.db),
        clock: options.clock,
        randomId: () => options.crypto.randomToken(16),
        randomU32: () => options.crypto.randomU32(),
        log: options.log?.child({ service: 'chapter-upload' }),
      },
      { maxBytes: options.config.chapterUploadMaxBytes, timeZone: options.config.wireTimeZone },
    ),
  };
  return { repositories, services };
}
