import pino from 'pino';
import { logLevelSetting } from './env';

export const logger = pino({
  level: logLevelSetting(),
  base: undefined,
});
