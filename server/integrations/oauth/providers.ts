import type { ConnectablePlatform } from '@common/platforms';
import type { Config } from '../../config';
import { instagramProvider } from './instagram';
import type { PlatformProvider } from './platform-provider';
import { tiktokProvider } from './tiktok';
import { youtubeProvider } from './youtube';

/** The providers this server has credentials for. */
export function platformProviders(config: Config): Partial<Record<ConnectablePlatform, PlatformProvider>> {
  const providers: Partial<Record<ConnectablePlatform, PlatformProvider>> = {};
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET)
    providers.youtube = youtubeProvider(config, config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET);
  if (config.INSTAGRAM_CLIENT_ID && config.INSTAGRAM_CLIENT_SECRET)
    providers.instagram = instagramProvider(
      config,
      config.INSTAGRAM_CLIENT_ID,
      config.INSTAGRAM_CLIENT_SECRET,
    );
  if (config.TIKTOK_CLIENT_KEY && config.TIKTOK_CLIENT_SECRET)
    providers.tiktok = tiktokProvider(config, config.TIKTOK_CLIENT_KEY, config.TIKTOK_CLIENT_SECRET);
  return providers;
}
