import {
  COMPANY_ADDRESS_META,
  COMPANY_ADDRESS_PLACEHOLDER,
  COMPANY_ADDRESS_UNSET,
  COMPANY_NAME_META,
  COMPANY_NAME_PLACEHOLDER,
  DEFAULT_COMPANY_NAME,
} from '@common/company';
import { useQuery } from '@tanstack/react-query';
import { publicConfigQueryOptions } from './support-email';

function metaContent(name: string): string | undefined {
  return document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? undefined;
}

/**
 * The data controller for the privacy page: COMPANY_NAME and COMPANY_ADDRESS from the server, read from
 * the page's meta tags (so prerendered text and the hydrated page agree), else from GET /api/config.
 * `address` is the text to show: the postal address, or a note that it is available on request.
 */
export function useCompany(): { name: string; address: string } {
  const isPrerendering = typeof document === 'undefined';
  const fromPage = isPrerendering ? undefined : metaContent(COMPANY_NAME_META);
  const { data } = useQuery({ ...publicConfigQueryOptions(), enabled: !isPrerendering && !fromPage });
  if (isPrerendering) return { name: COMPANY_NAME_PLACEHOLDER, address: COMPANY_ADDRESS_PLACEHOLDER };
  if (fromPage)
    return { name: fromPage, address: metaContent(COMPANY_ADDRESS_META) || COMPANY_ADDRESS_UNSET };
  return {
    name: data?.company.name ?? DEFAULT_COMPANY_NAME,
    address: data?.company.address ?? COMPANY_ADDRESS_UNSET,
  };
}
