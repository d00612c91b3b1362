import { describe, expect, it } from 'vitest'
import { reflectionNotice } from '~/core/olo'
import { testConfig } from '~test/support/server'
import { modelProviderName } from './routes'

const named = (env: Record<string, string>) => modelProviderName(testConfig(env).olo)

describe('the provider a journal entry would be sent to', () => {
  it('is named as a member would know it, and not at all for the offline guide', () => {
    expect(named({})).toBeNull()
    expect(named({ OLO_LLM_PROVIDER: 'mistral', OLO_LLM_API_KEY: 'k' })).toBe('Mistral')
    expect(named({ OLO_LLM_PROVIDER: 'openai-compatible', OLO_LLM_API_KEY: 'sk-k' })).toBe('OpenAI')
    expect(named({ OLO_LLM_PROVIDER: 'openai-compatible', OLO_LLM_BASE_URL: 'https://api.openai.com/v1' })).toBe('OpenAI')
    expect(named({ OLO_LLM_PROVIDER: 'openai-compatible', OLO_LLM_BASE_URL: 'http://localhost:11434/v1' })).toBe('localhost:11434')
    expect(reflectionNotice('Mistral')).toBe('Your entry will be sent to Mistral when you reflect.')
  })
})
