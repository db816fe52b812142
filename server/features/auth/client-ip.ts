/** The header our route sets from Fastify's idea of the client IP (which honours TRUST_PROXY). */
export const CLIENT_IP_HEADER = 'x-ballast-client-ip';
