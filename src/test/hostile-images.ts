/**
 * Pictures that are small to send but costly to decode, made here (no binary file in the
 * repository): the kinds an attacker sends to stall a server's image work.
 */
import sharp from 'sharp'

/** Bits written most significant first, with a 0x00 stuffed after every 0xFF, as JPEG's coded data wants. */
class BitWriter {
  private bytes: number[] = []
  private byte = 0
  private used = 0

  write(value: number, length: number) {
    for (let bit = length - 1; bit >= 0; bit--) {
      this.byte = (this.byte << 1) | ((value >> bit) & 1)
      if (++this.used === 8) this.flushByte()
    }
  }

  /** Pads the last byte with ones, as a scan ends. */
  end(): number[] {
    if (this.used > 0) this.write(0xff, 8 - this.used)
    return this.bytes
  }

  private flushByte() {
    this.bytes.push(this.byte)
    if (this.byte === 0xff) this.bytes.push(0)
    this.byte = 0
    this.used = 0
  }
}

const segment = (marker: number, body: number[]) => [
  0xff,
  marker,
  (body.length + 2) >> 8,
  (body.length + 2) & 0xff,
  ...body,
]

/**
 * A progressive JPEG of a flat grey (or, with three components, flat colour) square whose AC
 * coefficients are sent in `bands` spectral bands per component, each band bit by bit in `bits`
 * scans (a first one and its refinements). Each scan is a pass over every block of the picture
 * when decoded: by default 63 bands of 14 scans, so that a 6320-pixel square (just under 40
 * million pixels) of about 140 KB makes 883 passes in grey.
 */
export function progressiveJpeg(size: number, { components = 1, bands = 63, bits = 14 } = {}): Buffer {
  const blocks = Math.ceil(size / 8) ** 2
  const ids = Array.from({ length: components }, (_, index) => index + 1)
  // Every coefficient is 0: each AC scan is EOB runs of 32767 blocks (symbol 0xE0 and 14 extra
  // bits), then one run for what is left.
  const fullRuns = Math.floor(blocks / 32767)
  const rest = blocks % 32767
  const restCategory = rest > 0 ? Math.floor(Math.log2(rest)) : 0
  const acSymbols = rest > 0 && restCategory !== 14 ? [0xe0, restCategory << 4] : [0xe0]
  const acCode = (symbol: number) => (symbol === 0xe0 ? { code: 0, length: 1 } : { code: 0b10, length: 2 })

  const scan = (scanIds: number[], ss: number, se: number, ah: number, al: number, data: number[]) => [
    ...segment(0xda, [scanIds.length, ...scanIds.flatMap((id) => [id, 0x00]), ss, se, (ah << 4) | al]),
    ...data,
  ]
  // DC first: every block's difference is 0, which the one-symbol DC table codes as a single 0 bit.
  const dc = new BitWriter()
  for (let index = 0; index < blocks * components; index++) dc.write(0, 1)
  const ac = new BitWriter()
  for (let run = 0; run < fullRuns; run++) {
    ac.write(acCode(0xe0).code, 1)
    ac.write(32767 - 16384, 14)
  }
  if (rest > 0) {
    const { code, length } = acCode(restCategory << 4)
    ac.write(code, length)
    ac.write(rest - 2 ** restCategory, restCategory)
  }
  const acScan = ac.end()
  const scans: number[][] = [scan(ids, 0, 0, 0, 0, dc.end())]
  const bandEdges = Array.from({ length: bands + 1 }, (_, index) => 1 + Math.round((index * 63) / bands))
  for (const id of ids)
    for (let band = 0; band < bands; band++) {
      const [ss, se] = [bandEdges[band]!, bandEdges[band + 1]! - 1]
      scans.push(scan([id], ss, se, 0, bits - 1, acScan))
      for (let al = bits - 1; al > 0; al--) scans.push(scan([id], ss, se, al, al - 1, acScan))
    }

  const counts = (lengths: number[]) =>
    Array.from({ length: 16 }, (_, index) => lengths.filter((length) => length === index + 1).length)
  const side = [size >> 8, size & 0xff]
  const bytes = [
    ...[0xff, 0xd8],
    ...segment(0xdb, [0x00, ...Array<number>(64).fill(1)]),
    ...segment(0xc2, [8, ...side, ...side, components, ...ids.flatMap((id) => [id, 0x11, 0])]),
    ...segment(0xc4, [
      ...[0x00, ...counts([1]), 0x00],
      ...[0x10, ...counts(acSymbols.map((symbol) => acCode(symbol).length)), ...acSymbols],
    ]),
    ...scans.flat(),
    ...[0xff, 0xd9],
  ]
  return Buffer.from(bytes)
}

/** A 16-bit PNG of a flat colour, interlaced unless asked otherwise: a few hundred KB, decoded whole. */
export const interlaced16BitPng = (size: number, { interlaced = true } = {}) =>
  sharp({ create: { width: size, height: size, channels: 3, background: { r: 120, g: 80, b: 40 } } })
    .toColourspace('rgb16')
    .png({ progressive: interlaced, compressionLevel: 9 })
    .toBuffer()

/** An AVIF of a flat colour: about a kilobyte, decoded whole. */
export const flatAvif = (size: number) =>
  sharp({ create: { width: size, height: size, channels: 3, background: { r: 1, g: 2, b: 3 } } })
    .avif({ effort: 0 })
    .toBuffer()

/** A photo-like picture (smooth noise, which compresses as photos do), as sharp will encode it. */
export async function photo(width: number, height: number) {
  const noise = await sharp({
    create: {
      width: Math.ceil(width / 8),
      height: Math.ceil(height / 8),
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .png()
    .toBuffer()
  return sharp(noise).resize(width, height, { kernel: 'cubic' })
}

/** An ordinary picture to upload: a 600 by 900 photo as a JPEG. */
export const ordinaryPhoto = async () => (await photo(600, 900)).jpeg({ quality: 85 }).toBuffer()
