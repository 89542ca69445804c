import { deflateSync } from 'node:zlib';

/** A point in device pixels. */
export interface Point {
  x: number;
  y: number;
}

/** One filled shape: closed contours filled by the non-zero winding rule (holes wind the other way). */
export type Shape = Point[][];

/** Vertical samples per pixel row; horizontal coverage is computed exactly along each sample line. */
const SUBSAMPLES = 5;

/**
 * Adds one shape's anti-aliased coverage (0..1 per pixel) to `mask`, as paint laid over paint:
 * where shapes overlap the result stays ≤ 1 and no winding of one shape cancels another's.
 */
export function paintShape(mask: Float32Array, width: number, height: number, shape: Shape): void {
  // Edges as [top, bottom, x at top, dx per unit of y, direction], sorted by top: each sample line
  // then visits only the edges that cross it.
  const edges: [number, number, number, number, number][] = [];
  for (const contour of shape) {
    for (let index = 0; index < contour.length; index += 1) {
      const from = contour[index]!;
      const to = contour[(index + 1) % contour.length]!;
      if (from.y === to.y) continue;
      const isDown = to.y > from.y;
      const upper = isDown ? from : to;
      const lower = isDown ? to : from;
      edges.push([upper.y, lower.y, upper.x, (lower.x - upper.x) / (lower.y - upper.y), isDown ? 1 : -1]);
    }
  }
  if (edges.length === 0) return;
  edges.sort((left, right) => left[0] - right[0]);
  const bottom = Math.max(...edges.map((edge) => edge[1]));
  const firstRow = Math.max(0, Math.floor(edges[0]![0]));
  const lastRow = Math.min(height - 1, Math.ceil(bottom));
  const row = new Float32Array(width + 1);
  let active: [number, number, number, number, number][] = [];
  let next = 0;
  const crossingX: number[] = [];
  const crossingDirection: number[] = [];
  for (let y = firstRow; y <= lastRow; y += 1) {
    row.fill(0);
    let isTouched = false;
    for (let sample = 0; sample < SUBSAMPLES; sample += 1) {
      const sampleY = y + (sample + 0.5) / SUBSAMPLES;
      while (next < edges.length && edges[next]![0] <= sampleY) active.push(edges[next++]!);
      active = active.filter((edge) => edge[1] > sampleY);
      if (active.length < 2) continue;
      crossingX.length = 0;
      crossingDirection.length = 0;
      for (const edge of active) {
        if (sampleY < edge[0]) continue;
        const x = edge[2] + (sampleY - edge[0]) * edge[3];
        // Insertion sort: a sample line crosses a handful of edges.
        let slot = crossingX.length;
        crossingX.push(x);
        crossingDirection.push(edge[4]);
        while (slot > 0 && crossingX[slot - 1]! > x) {
          crossingX[slot] = crossingX[slot - 1]!;
          crossingDirection[slot] = crossingDirection[slot - 1]!;
          slot -= 1;
        }
        crossingX[slot] = x;
        crossingDirection[slot] = edge[4];
      }
      let winding = 0;
      for (let index = 0; index < crossingX.length - 1; index += 1) {
        winding += crossingDirection[index]!;
        if (winding === 0) continue;
        addSpan(row, width, crossingX[index]!, crossingX[index + 1]!, 1 / SUBSAMPLES);
        isTouched = true;
      }
    }
    if (!isTouched) continue;
    const offset = y * width;
    for (let x = 0; x < width; x += 1) {
      const coverage = Math.min(1, row[x]!);
      if (coverage > 0) mask[offset + x] = 1 - (1 - mask[offset + x]!) * (1 - coverage);
    }
  }
}

function addSpan(row: Float32Array, width: number, start: number, end: number, weight: number): void {
  const from = Math.max(0, start);
  const to = Math.min(width, end);
  if (to <= from) return;
  const firstPixel = Math.floor(from);
  const lastPixel = Math.floor(to);
  if (firstPixel === lastPixel) {
    row[firstPixel] = row[firstPixel]! + (to - from) * weight;
    return;
  }
  row[firstPixel] = row[firstPixel]! + (firstPixel + 1 - from) * weight;
  for (let pixel = firstPixel + 1; pixel < lastPixel; pixel += 1) row[pixel] = row[pixel]! + weight;
  row[lastPixel] = row[lastPixel]! + (to - lastPixel) * weight;
}

const crcTable = Array.from({ length: 256 }, (_, byte) => {
  let value = byte;
  for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
  return value >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * An 8-bit RGB PNG of `rgb` (3 bytes a pixel, rows top to bottom). Each row uses the "Sub" filter
 * (the difference to the pixel on its left), which keeps the soft background small once deflated.
 */
export function encodePng(rgb: Uint8Array, width: number, height: number): Buffer {
  const stride = width * 3;
  const filtered = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const out = y * (stride + 1);
    filtered[out] = 1;
    for (let index = 0; index < stride; index += 1) {
      const left = index >= 3 ? rgb[y * stride + index - 3]! : 0;
      filtered[out + 1 + index] = (rgb[y * stride + index]! - left) & 0xff;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(filtered, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
