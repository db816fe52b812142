/**
 * The platforms a creator can name in onboarding, apart from the questionnaire so that revenue sources
 * (which say which platform's reach pays them) and onboarding can both read it.
 */
export const PLATFORM_OPTIONS = [
  { value: 'youtube', label: 'YouTube' },
  { value: 'instagram', label: 'Instagram' },
  { value: 'tiktok', label: 'TikTok' },
  { value: 'twitter', label: 'Twitter' },
  { value: 'blog', label: 'Blog' },
  { value: 'podcast', label: 'Podcast' },
  { value: 'twitch', label: 'Twitch' },
  { value: 'other', label: 'Other' },
] as const;

export type Platform = (typeof PLATFORM_OPTIONS)[number]['value'];
