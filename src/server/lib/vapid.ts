import path from 'node:path';
import webpush from 'web-push';
import { keptInDataDir } from '../config/secrets.ts';

export interface VapidKeys { publicKey: string; privateKey: string }

/**
 * The Web Push (VAPID) key pair: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when given, otherwise one
 * generated on first start and kept in DATA_DIR/.vapid.json (like the JWT secret). Every
 * instance must use the same pair: browsers bind a subscription to the public key.
 */
export function vapidKeys(configured: VapidKeys | undefined, dataDir: string): VapidKeys {
  if (configured) return configured;
  const stored = keptInDataDir(dataDir, '.vapid.json', () => `${JSON.stringify(webpush.generateVAPIDKeys())}\n`);
  const parsed = JSON.parse(stored) as Partial<VapidKeys>;
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string') throw new Error(`${path.join(dataDir, '.vapid.json')} does not hold a VAPID key pair`);
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}
