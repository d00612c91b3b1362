/** A browser's cookie store, as far as Lumin's tests need one: what Set-Cookie keeps or clears, sent back in Cookie. */
export class CookieJar {
  constructor(private readonly cookies = new Map<string, string>()) {}

  /** Another jar holding these cookies as they are now: a copy kept after sign-out, a stolen session. */
  copy() {
    return new CookieJar(new Map(this.cookies))
  }

  get(name: string): string | undefined {
    return this.cookies.get(name)
  }

  /** The Cookie header to send, or nothing when the jar is empty. */
  header(): string | undefined {
    return this.cookies.size ? [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') : undefined
  }

  keep(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const [name, ...value] = pair!.split('=')
      if (/max-age=0/i.test(cookie) || value.join('=') === '') this.cookies.delete(name!)
      else this.cookies.set(name!, value.join('='))
    }
  }
}
