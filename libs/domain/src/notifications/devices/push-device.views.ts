import type { PushPlatform } from '@platform/db';

export interface PushDeviceView {
  token: string;
  platform: PushPlatform;
  createdAt: Date;
  updatedAt: Date;
}

export const PUSH_DEVICE_SCHEMA = {
  type: 'object',
  properties: {
    token: { type: 'string' },
    platform: { type: 'string', enum: ['android', 'ios', 'web'] },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
} as const;
