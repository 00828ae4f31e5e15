import { describeOperations } from '@platform/testing';
import { createMarketApi } from './market-api';

describeOperations('market-api', createMarketApi, { documentedPaths: ['/api/v1/market/me'] });
