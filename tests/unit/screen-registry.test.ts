import { lazy } from 'react'
import { describe, expect, it } from 'vitest'
import { mergeScreens, type FeatureScreens } from '../../src-renderer/lib/screen-registry'

const screen = () => lazy(async () => ({ default: () => null }))

describe('the screen registry', () => {
  it('refuses a permission that two features register, naming both', () => {
    const organization: FeatureScreens = { screens: { 'organization:member': screen() } }
    const system: FeatureScreens = { screens: { 'system:admin': screen(), 'organization:member': screen() } }
    expect(() => mergeScreens({ organization, system })).toThrow('screen organization:member is registered by two features: organization and system')
  })

  it('keeps every feature screen under its own permission', () => {
    const member = screen()
    const admin = screen()
    expect(mergeScreens({ organization: { screens: { 'organization:member': member } }, system: { screens: { 'system:admin': admin } } })).toEqual({
      'organization:member': member,
      'system:admin': admin,
    })
  })
})
