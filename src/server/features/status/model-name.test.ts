import { describe, expect, it } from 'vitest'
import { reflectionNotice, safetyReaderNotice } from '~/core/olo'
import { testConfig } from '~test/support/server'
import { modelProviderName, safetyReaderName } from './routes'

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

describe('the safety check a saved entry is also read by', () => {
  const reader = (env: Record<string, string>) => safetyReaderName(testConfig(env).olo)
  it('is named where a provider’s classifier reads, and not at all where none does', () => {
    expect(reader({})).toBeNull()
    expect(reader({ OLO_LLM_PROVIDER: 'mistral', OLO_LLM_API_KEY: 'k' })).toBe('Mistral')
    expect(reader({ OLO_LLM_PROVIDER: 'mistral', OLO_LLM_API_KEY: 'k', OLO_MODERATION: 'off' })).toBeNull()
    expect(reader({ OLO_LLM_PROVIDER: 'openai-compatible', OLO_LLM_API_KEY: 'sk-k' })).toBe('OpenAI')
    // A local model with no safety model named: nobody else reads.
    expect(reader({ OLO_LLM_PROVIDER: 'openai-compatible', OLO_LLM_BASE_URL: 'http://localhost:11434/v1' })).toBeNull()
    expect(reader({ OLO_LLM_PROVIDER: 'openai-compatible', OLO_LLM_BASE_URL: 'http://localhost:11434/v1', OLO_MODERATION_MODEL: 'llama-guard3' })).toBe('localhost:11434')
    expect(safetyReaderNotice('Mistral')).toBe("When you save, Mistral's safety check also reads your entry, only to see whether you may need help.")
  })
})
