/** Just enough of a browser's cookie handling to follow sign-in redirects across two servers with fetch. */
export class CookieJar {
  private readonly byHost = new Map<string, Map<string, string>>();

  store(url: string, response: Response) {
    const host = new URL(url).host;
    const cookies = this.byHost.get(host) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (!value || /max-age=0/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    this.byHost.set(host, cookies);
  }

  header(url: string): string {
    const cookies = this.byHost.get(new URL(url).host);
    return cookies ? [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') : '';
  }

  /**
   * GET `url` and follow redirects by hand, keeping cookies per host; returns the last response.
   * `firstHeaders` go with the first request only (`sec-fetch-site: none` for a link a mail app opens).
   */
  async follow(
    url: string,
    maxHops = 15,
    firstHeaders: Record<string, string> = {},
  ): Promise<{ response: Response; url: string; hops: string[] }> {
    let current = url;
    const hops: string[] = [];
    for (let hop = 0; hop < maxHops; hop++) {
      hops.push(current);
      const response = await fetch(current, {
        headers: { ...(hop === 0 ? firstHeaders : {}), cookie: this.header(current) },
        redirect: 'manual',
      });
      this.store(current, response);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location)
        return { response, url: current, hops };
      current = new URL(location, current).toString();
    }
    throw new Error(`too many redirects: ${hops.join(' → ')}`);
  }
}
