import { realClient, venueGateway } from './venue-client'

/**
 * Child process of the property test: a venue console that pushes its outbox and is
 * killed mid-push. It prints `sending` as each request leaves. argv: cache file, server, token.
 */
const [file, baseUrl, token] = process.argv.slice(2)
const client = realClient(baseUrl, token)
const callRoute = client.callRoute
client.callRoute = (name, input, options) => {
  process.stdout.write('sending\n')
  return callRoute(name, input, options)
}
const { gateway } = venueGateway(file, baseUrl, client)
void gateway.syncNow().then(() => process.stdout.write('done\n'))
