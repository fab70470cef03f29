import type { Logger } from '@hsa/service-kit';
import { trainAvm } from '../domain/avm';
import type { HpiCatalog, PriceIndex } from '../domain/hpi';
import { chooseHpiSeries, indexFromHpiSeries } from '../domain/hpi';
import { sampleDataLabel } from '../domain/market/data-source';
import { MarketLevels } from '../domain/market/market-levels';
import { OpenDataMarket } from '../domain/market/open-data-market';
import { readSacramentoSales, sacramentoReaderVersion } from '../domain/market/sacramento-reader';
import { toAvmSale, type SaleRecord } from '../domain/market/sale-record';
import type { SalesRepository } from './db/sales-repository';
import { loadHpiCatalog } from './hpi-files';
import { importSalesFile, type ImportOutcome } from './sales-import';

export interface LoadedMarket {
  market: OpenDataMarket;
  importOutcome: ImportOutcome | undefined;
  /** Which FHFA series time-adjusts prices (undefined: the AVM fits its own index from the sales). */
  priceIndex: string | undefined;
  /** That series itself (undefined without the index files). */
  index: PriceIndex | undefined;
  trainingMs: number;
}

/** The FHFA files of a folder; undefined (with a warning) when they cannot be read. */
export function loadHpiCatalogOrWarn(hpiDir: string, logger: Logger): HpiCatalog | undefined {
  try {
    return loadHpiCatalog(hpiDir);
  } catch (err) {
    logger.warn({ err, hpiDir }, 'FHFA house price index files not readable: the AVM fits its own index from the sales, and no value history is shown');
    return undefined;
  }
}

/** The FHFA series for where the sales are (metro, else state, else national); undefined without the files. */
export function choosePriceIndex(catalog: HpiCatalog | undefined, records: readonly SaleRecord[], logger: Logger): PriceIndex | undefined {
  const choice = catalog && chooseHpiSeries(catalog, records.map((r) => ({ city: r.city, state: r.state })));
  if (!choice) return undefined;
  logger.info({ series: choice.series.name, level: choice.level, reason: choice.reason }, 'house price index chosen');
  return indexFromHpiSeries(choice.series);
}

/**
 * The embedded market: imports the sales file (idempotently), reads the sales back, trains the AVM on
 * them with the house price index, and builds the address index. A missing file is fine when an
 * earlier import is in the database.
 */
export async function loadOpenDataMarket(options: {
  repository: SalesRepository;
  salesCsv: string;
  /** The FHFA files (time adjustment); without them the AVM fits its own index. */
  hpiCatalog: HpiCatalog | undefined;
  maxDistanceMiles?: number | undefined;
  logger: Logger;
}): Promise<LoadedMarket> {
  const { repository, logger } = options;
  let importOutcome: ImportOutcome | undefined;
  try {
    importOutcome = await importSalesFile({
      repository,
      file: options.salesCsv,
      read: readSacramentoSales,
      readerVersion: sacramentoReaderVersion,
      logger,
    });
  } catch (err) {
    if ((err as { code?: string }).code !== 'ENOENT') throw err;
    if ((await repository.count()) === 0) {
      throw new Error(`Sales data not found at ${options.salesCsv} and none imported before: set VALUATION_SALES_CSV`);
    }
    logger.warn({ file: options.salesCsv }, 'sales file missing; serving the sales imported earlier');
  }

  const records = await repository.all();
  const index = choosePriceIndex(options.hpiCatalog, records, logger);
  const history = records.map(toAvmSale).filter((s) => s !== undefined);
  const started = Date.now();
  const avm = history.length >= 2 ? trainAvm(history, index ? { index } : {}) : null;
  const trainingMs = Date.now() - started;
  logger.info({ sales: records.length, history: history.length, trainingMs }, 'AVM trained');

  const reference = index?.coverage().end;
  const levels = new MarketLevels(records, index && reference ? (price, date) => price * index.factor(date, reference) : undefined);
  const market = new OpenDataMarket(records, avm, levels, sampleDataLabel(records), {
    ...(options.maxDistanceMiles !== undefined ? { maxDistanceMiles: options.maxDistanceMiles } : {}),
  });
  return { market, importOutcome, priceIndex: index?.describe(), index, trainingMs };
}
