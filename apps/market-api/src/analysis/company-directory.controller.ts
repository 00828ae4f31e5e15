import type { Request, Response } from 'express';
import { JsonController, Req, Res } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { ANALYSIS_FRESHNESS_SECONDS, CompanyDirectoryService, DIRECTORY_CLAMPS, DIRECTORY_SEARCH_MAX } from '@platform/domain';
import { ApiParameters } from '@platform/http';
import { array, ERROR, object } from './analysis.openapi';
import { AnalysisGet, sendAnalysisPage } from './analysis-route';

const string = { type: 'string' };
const uuid = { type: 'string', format: 'uuid' };
const integer = { type: 'integer' };

const COMPANY = object(
  {
    id: { ...uuid, description: 'the companyId a portfolio transaction takes' },
    symbol: string,
    name: string,
    listingStatus: { type: 'string', enum: ['active', 'suspended', 'delisted'] },
    sector: object({ id: uuid, code: string, name: string }),
  },
  { required: ['id', 'symbol', 'name', 'listingStatus', 'sector'] },
);

const query = (name: string, description: string, schema: object) => ({ in: 'query', name, required: false, description, schema });

/** The public company directory (issue 18): the ids portfolio transactions take, found by symbol, name or sector. */
@Service()
@JsonController('/api/market')
export class CompanyDirectoryController {
  constructor(private readonly directory: CompanyDirectoryService) {}

  @AnalysisGet('/companies')
  @OpenAPI({
    summary: 'Listed companies with their ids (for portfolio transactions), by symbol, name or sector',
    description:
      'Every listed company is included whatever its listing status (active, suspended or delisted: see listingStatus); nothing ' +
      'is left out silently. search matches symbol or name, case-insensitive, anywhere in them; the company whose symbol is the ' +
      'search comes first, then symbols starting with it, then the rest by symbol (without search: by symbol). sector is a ' +
      'sector id or code; an unknown one lists nothing. Values are normalised, not rejected: page and size are clamped (size at ' +
      'most 100), a blank or repeated value reads as absent or its first value. Public; 30 requests per minute per IP shared ' +
      `with every stock-analysis route (429 RATE_LIMIT_EXCEEDED). Cached server-side ${ANALYSIS_FRESHNESS_SECONDS.companies / 60} ` +
      'minutes per normalised query (cleared by market:ingest); Cache-Control says what is left of it.',
    responses: {
      '200': {
        description: 'A page of companies',
        content: { 'application/json': { schema: object({ message: string, data: array(COMPANY), count: integer, page: integer, size: integer }) } },
      },
      '429': { description: 'more than 30 stock-analysis requests per minute from this IP', ...ERROR },
    },
  })
  @ApiParameters(
    query('search', `part of a symbol or name, case-insensitive (at most ${DIRECTORY_SEARCH_MAX} characters are used)`, { type: 'string', example: 'NAB' }),
    query('sector', 'a sector id (UUID) or code', { type: 'string', example: 'commercial_banks' }),
    query('page', 'from 1', { type: 'integer', minimum: 1, default: DIRECTORY_CLAMPS.page.fallback }),
    query('size', 'companies per page, at most 100', { type: 'integer', minimum: 1, maximum: DIRECTORY_CLAMPS.size.max, default: DIRECTORY_CLAMPS.size.fallback }),
  )
  list(@Req() req: Request, @Res() res: Response) {
    return sendAnalysisPage(res, this.directory.read(req.query));
  }
}
