import { createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-components'

/** Party red (#C8161D at 80, the brand's primary shade), darkest at 10, lightest at 160. */
const partyRed: BrandVariants = {
  10: '#200404',
  20: '#3A0708',
  30: '#520A0C',
  40: '#690D10',
  50: '#7F1014',
  60: '#961318',
  70: '#AD161C',
  80: '#C8161D',
  90: '#D43A33',
  100: '#DC5449',
  110: '#E36C60',
  120: '#E98377',
  130: '#EF998F',
  140: '#F4B0A8',
  150: '#F8C6C0',
  160: '#FCDDD9',
}

/** Fonts that carry simplified Chinese on macOS, Windows and Linux, in that order. */
const chineseFontStack = '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif'

export const appTheme: Theme = {
  ...createLightTheme(partyRed),
  fontFamilyBase: chineseFontStack,
}

/** The header bar and login backdrop use the brand colour directly. */
export const brandColor = partyRed[80]
export const brandColorDark = partyRed[60]
