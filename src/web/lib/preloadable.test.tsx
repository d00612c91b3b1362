// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { preloadable } from './preloadable'

afterEach(cleanup)

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>
}

type GreetingModule = { default: typeof Greeting }
const greetingPreloadable = (load: () => Promise<GreetingModule>) => preloadable<{ name: string }>(load)

/** A module load the test settles by hand. */
function heldLoad() {
  let settle: { resolve: () => void; reject: (error: Error) => void } = { resolve: () => undefined, reject: () => undefined }
  const load = vi.fn(
    () =>
      new Promise<GreetingModule>((resolve, reject) => {
        settle = { resolve: () => resolve({ default: Greeting }), reject }
      }),
  )
  return { load, settle: () => settle }
}

const show = (Component: typeof Greeting) =>
  render(
    <Suspense fallback={<p>Loading...</p>}>
      <Component name="Ada" />
    </Suspense>,
  )

describe('preloadable', () => {
  it('loads its code on first render, showing the fallback until it arrives', async () => {
    const { load, settle } = heldLoad()
    const { Component } = greetingPreloadable(load)
    show(Component)
    expect(screen.getByText('Loading...')).toBeTruthy()
    await act(async () => settle().resolve())
    expect(await screen.findByText('Hello, Ada')).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('renders at once, without the fallback, once its code was preloaded', async () => {
    const { load, settle } = heldLoad()
    const { Component, preload } = greetingPreloadable(load)
    const preloaded = preload()
    settle().resolve()
    await preloaded
    show(Component)
    expect(screen.getByText('Hello, Ada')).toBeTruthy()
    expect(screen.queryByText('Loading...')).toBeNull()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('loads once however often it is preloaded, and tries again after a failed load', async () => {
    const { load, settle } = heldLoad()
    const { preload } = greetingPreloadable(load)
    const first = preload()
    expect(preload()).toBe(first)
    settle().reject(new Error('offline'))
    await expect(first).rejects.toThrow('offline')
    const second = preload()
    settle().resolve()
    await expect(second).resolves.toEqual({ default: Greeting })
    expect(load).toHaveBeenCalledTimes(2)
  })
})
