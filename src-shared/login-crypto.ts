import CryptoJS from 'crypto-js'

/**
 * The login payload of spec 000 §7: JSON encrypted with AES-128 in ECB mode with
 * PKCS7 padding under a fixed key shared by client and server, sent as hex.
 * ECB with a fixed key is what the spec's server expects; confidentiality of the
 * password on the wire comes from TLS in remote deployments, not from this layer.
 */
export const DEFAULT_LOGIN_AES_KEY = 'PartyEdu@2026Key'

function keyOf(key: string) {
  const parsed = CryptoJS.enc.Utf8.parse(key)
  if (parsed.sigBytes !== 16) throw new Error('LOGIN_AES_KEY must be exactly 16 bytes')
  return parsed
}

export function encryptLoginPayload(value: unknown, key: string): string {
  try {
    const encrypted = CryptoJS.AES.encrypt(JSON.stringify(value), keyOf(key), {
      mode: CryptoJS.mode.ECB,
      padding: CryptoJS.pad.Pkcs7,
    })
    return encrypted.ciphertext.toString(CryptoJS.enc.Hex)
  } catch {
    throw new Error('数据加密失败')
  }
}

/** Returns the decrypted JSON value, or undefined when the payload is not valid. */
export function decryptLoginPayload(hex: string, key: string): unknown {
  try {
    const cipherParams = CryptoJS.lib.CipherParams.create({ ciphertext: CryptoJS.enc.Hex.parse(hex) })
    const plain = CryptoJS.AES.decrypt(cipherParams, keyOf(key), {
      mode: CryptoJS.mode.ECB,
      padding: CryptoJS.pad.Pkcs7,
    }).toString(CryptoJS.enc.Utf8)
    return plain ? JSON.parse(plain) : undefined
  } catch {
    return undefined
  }
}
