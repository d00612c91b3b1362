import { describe, expect, it } from 'vitest'
import { isForbiddenAddress } from './addresses'

describe('isForbiddenAddress', () => {
  it('refuses every address inside an operator’s network or a cloud platform, in IPv4 and in IPv6’s forms of it', () => {
    const inside = [
      ['127.0.0.1', 'loopback'],
      ['127.255.255.254', 'loopback'],
      ['::1', 'loopback'],
      ['0:0:0:0:0:0:0:1', 'loopback, written out'],
      ['0.0.0.0', 'unspecified'],
      ['::', 'unspecified'],
      ['10.0.0.7', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.1.1', 'private'],
      ['100.64.0.1', 'CGNAT'],
      ['100.127.255.254', 'CGNAT'],
      ['100.100.100.200', 'Alibaba Cloud metadata'],
      ['169.254.169.254', 'AWS, Google Cloud and Azure metadata'],
      ['169.254.170.2', 'AWS ECS metadata'],
      ['192.0.0.192', 'Oracle Cloud metadata'],
      ['168.63.129.16', 'Azure platform address'],
      ['fd00:ec2::254', 'AWS IPv6 metadata'],
      ['fc00::1', 'unique-local'],
      ['fdff:ffff::1', 'unique-local'],
      ['fe80::1', 'link-local'],
      ['fe80::1%eth0', 'link-local with a zone'],
      ['224.0.0.1', 'multicast'],
      ['239.255.255.250', 'multicast'],
      ['ff02::1', 'multicast'],
      ['255.255.255.255', 'broadcast'],
      ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
      ['::ffff:7f00:1', 'IPv4-mapped loopback, in hex'],
      ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
      ['::ffff:a00:1', 'IPv4-mapped private'],
      ['0:0:0:0:0:ffff:c0a8:101', 'IPv4-mapped private, written out'],
      ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata address'],
      ['64:ff9b::10.0.0.1', 'NAT64 of a private address'],
      ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
      ['2002:7f00:1::', '6to4 of loopback'],
      ['2001:db8::1', 'documentation'],
      ['192.0.2.10', 'documentation'],
      ['198.18.0.1', 'benchmarking'],
      ['localhost', 'not an address'],
      ['', 'nothing'],
    ]
    for (const [address, what] of inside) expect({ address, what, forbidden: isForbiddenAddress(address!) }).toEqual({ address, what, forbidden: true })
  })

  it('lets public addresses through, in IPv4, IPv6, and IPv6’s forms of a public IPv4 address', () => {
    for (const address of ['142.250.185.74', '8.8.8.8', '17.253.144.10', '100.63.255.255', '100.128.0.1', '172.32.0.1', '2a00:1450:4001:82b::200a', '2606:4700::6810:84e5', '::ffff:142.250.185.74', '64:ff9b::8efa:b94a']) {
      expect({ address, forbidden: isForbiddenAddress(address) }).toEqual({ address, forbidden: false })
    }
  })
})
