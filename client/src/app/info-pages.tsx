import { type ComponentType, lazy } from 'react';

/** A page chunk of its own; on a prerendered page React keeps the server's HTML until it arrives. */
export function named<K extends string>(load: () => Promise<{ [key in K]: ComponentType }>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

/** The footer's pages, reachable in every user state (signed out, onboarding, signed in). */
export const ContactPage = named(() => import('@/features/contact/components/contact-page'), 'ContactPage');
export const PrivacyPage = named(() => import('@/features/marketing/pages/privacy-page'), 'PrivacyPage');
export const TermsPage = named(() => import('@/features/marketing/pages/terms-page'), 'TermsPage');

export const INFO_PAGES = [
  { path: '/contact', component: ContactPage },
  { path: '/privacy', component: PrivacyPage },
  { path: '/terms', component: TermsPage },
] as const;
