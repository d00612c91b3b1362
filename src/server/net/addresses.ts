import { BlockList, isIPv4, isIPv6 } from 'node:net'

/**
 * IPv4 ranges a member-given address may not lead to (docs/decisions/0059): every range IANA's special-purpose
 * registry says is not globally reachable, and the cloud platforms' own addresses.
 */
const FORBIDDEN_IPV4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network", and the unspecified address
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (CGNAT); Alibaba Cloud's metadata is 100.100.100.200
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local: the metadata of AWS, Google Cloud and Azure (169.254.169.254), AWS ECS (169.254.170.2)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments; Oracle Cloud's metadata is 192.0.0.192
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // the 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
  ['168.63.129.16', 32], // Azure's platform address (its DNS, health probes and wire server), public but inside every VNet
]

/** Inside the global unicast range 2000::/3, the parts that are not the internet's either. */
const FORBIDDEN_GLOBAL_IPV6: readonly (readonly [string, number])[] = [
  ['2001::', 23], // IETF protocol assignments, Teredo among them
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4, which carries an IPv4 address of any kind
  ['3fff::', 20], // documentation
]

const forbiddenIpv4 = new BlockList()
for (const [network, prefix] of FORBIDDEN_IPV4) forbiddenIpv4.addSubnet(network, prefix, 'ipv4')
const forbiddenGlobalIpv6 = new BlockList()
for (const [network, prefix] of FORBIDDEN_GLOBAL_IPV6) forbiddenGlobalIpv6.addSubnet(network, prefix, 'ipv6')

/** An IPv6 address as its eight 16-bit groups: `::` filled in, a trailing dotted quad read, a zone (`%eth0`) dropped. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0]!
  const quad = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text)
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
  return groups.map((group) => Number.parseInt(group, 16))
}

/**
 * The IPv4 address an IPv6 address stands for when it is one in another form: IPv4-mapped (`::ffff:127.0.0.1`) or
 * through the well-known NAT64 prefix (`64:ff9b::7f00:1`), which a DNS64 resolver gives for IPv4-only names.
 */
function embeddedIpv4(groups: readonly number[]): string | null {
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups
  const mapped = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff
  const nat64 = g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0
  return mapped || nat64 ? [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff].join('.') : null
}

/**
 * Whether Lumin must not connect to `address` for a member: anything but a public unicast address on the internet.
 * Loopback, private, link-local, unique-local, shared (CGNAT), multicast, unspecified, documentation and the cloud
 * metadata addresses are refused, in IPv4 and IPv6 and in IPv6's forms of IPv4. What is not an address is refused.
 */
export function isForbiddenAddress(address: string): boolean {
  if (isIPv4(address)) return forbiddenIpv4.check(address, 'ipv4')
  if (!isIPv6(address)) return true
  const groups = ipv6Groups(address)
  const ipv4 = embeddedIpv4(groups)
  if (ipv4) return forbiddenIpv4.check(ipv4, 'ipv4')
  // Only 2000::/3 is global unicast: unique-local (fc00::/7, AWS's metadata fd00:ec2::254), link-local, multicast,
  // loopback and the rest of ::/8 are outside it.
  const globalUnicast = (groups[0]! & 0xe000) === 0x2000
  return !globalUnicast || forbiddenGlobalIpv6.check(groups.map((g) => g.toString(16)).join(':'), 'ipv6')
}
