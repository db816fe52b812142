import {
  CONNECTABLE_PLATFORM_NAMES,
  CONNECTABLE_PLATFORMS,
  type ConnectablePlatform,
} from '@common/platform-names';
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toast } from '@/components/ui/use-toast';

/**
 * After a connection attempt the server sends the browser to /health-check?connection=…&platform=…:
 * this says what happened once, then takes the query off the address.
 */
export function useConnectionOutcomeToast() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  useEffect(() => {
    const query = new URLSearchParams(search);
    const outcome = query.get('connection');
    const platform = query.get('platform');
    if (!outcome || !CONNECTABLE_PLATFORMS.includes(platform as ConnectablePlatform)) return;
    const name = CONNECTABLE_PLATFORM_NAMES[platform as ConnectablePlatform];
    if (outcome === 'connected')
      toast({ title: `${name} Connected`, description: 'Its statistics are read every day.' });
    else if (outcome === 'denied')
      toast({
        title: 'Connection Cancelled',
        description: `${name} was not connected: access was not given.`,
        variant: 'destructive',
      });
    else if (outcome === 'not-configured')
      toast({
        title: 'Connection Unavailable',
        description: `Connecting ${name} is not configured on this server.`,
        variant: 'destructive',
      });
    else toast({ title: 'Connection Failed: Please try again later.', variant: 'destructive' });
    navigate(location, { replace: true });
  }, [search, location, navigate]);
}
