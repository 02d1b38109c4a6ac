// The hex view's value inspector: the bytes under the cursor read as every
// common integer and float type, little and big endian.

/**
 * @param {Uint8Array} bytes  bytes starting at the cursor (up to 8 are used)
 * @param {boolean} little    little endian when true
 * @returns {{name:string, value:string}[]}  a row per type; "—" where too few bytes
 */
export function inspect(bytes, little) {
  const n = Math.min(8, bytes.length);
  const buf = new ArrayBuffer(8);
  new Uint8Array(buf).set(bytes.subarray(0, n));
  const dv = new DataView(buf);
  const rows = [];
  const row = (name, need, fn) => rows.push({ name, value: n >= need ? fn() : '—' });
  row('u8', 1, () => String(dv.getUint8(0)));
  row('i8', 1, () => String(dv.getInt8(0)));
  row('u16', 2, () => String(dv.getUint16(0, little)));
  row('i16', 2, () => String(dv.getInt16(0, little)));
  row('u32', 4, () => String(dv.getUint32(0, little)));
  row('i32', 4, () => String(dv.getInt32(0, little)));
  row('u64', 8, () => dv.getBigUint64(0, little).toString());
  row('i64', 8, () => dv.getBigInt64(0, little).toString());
  row('f32', 4, () => fmtFloat(dv.getFloat32(0, little), 9));
  row('f64', 8, () => fmtFloat(dv.getFloat64(0, little), 17));
  return rows;
}

function fmtFloat(v, digits) {
  if (Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? '+Inf' : '-Inf';
  if (v === 0) return Object.is(v, -0) ? '-0' : '0';
  return String(Number(v.toPrecision(digits)));
}

/** One hex-view row: offset, 16 hex bytes, ASCII. */
export function hexRow(offset, bytes) {
  const hex = [];
  let ascii = '';
  for (let i = 0; i < 16; i++) {
    if (i < bytes.length) {
      const b = bytes[i];
      hex.push(b.toString(16).padStart(2, '0').toUpperCase());
      ascii += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.';
    } else {
      hex.push('  ');
      ascii += ' ';
    }
  }
  return { offset: offset.toString(16).padStart(8, '0').toUpperCase(), hex, ascii };
}
