// The proof archive's rules (domain/proofArchive.ts): retention by calendar months, file names and
// the ZIP's CSV index (issue #27 "Proof archive").
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROOF_RETENTION_MONTHS, proofIndexHeader, proofIndexLine, proofPhotoFileName, proofRetentionCutoff } from '../../domain/proofArchive';

const unix = (iso: string) => Date.parse(iso) / 1000;

describe('proof retention', () => {
  it('keeps proofs 13 calendar months by default', () => {
    expect(DEFAULT_PROOF_RETENTION_MONTHS).toBe(13);
    expect(proofRetentionCutoff(unix('2026-11-26T10:00:00Z'), 13)).toBe(unix('2025-10-26T10:00:00Z'));
  });

  it('clamps at month end and across a leap day', () => {
    expect(proofRetentionCutoff(unix('2026-03-31T00:00:00Z'), 1)).toBe(unix('2026-02-28T00:00:00Z'));
    expect(proofRetentionCutoff(unix('2025-02-28T12:00:00Z'), 12)).toBe(unix('2024-02-28T12:00:00Z'));
    expect(proofRetentionCutoff(unix('2025-03-29T12:00:00Z'), 13)).toBe(unix('2024-02-29T12:00:00Z'));
  });
});

describe('proof files', () => {
  it('names the photo by its kind and content type', () => {
    expect(proofPhotoFileName('delivery', 'image/svg+xml')).toBe('delivery-photo.svg');
    expect(proofPhotoFileName('pickup', 'IMAGE/JPEG')).toBe('pickup-photo.jpg');
    expect(proofPhotoFileName('return', 'application/octet-stream')).toBe('return-photo.bin');
  });
});

describe('the ZIP index', () => {
  it('names the vendor zone in the time header', () => {
    expect(proofIndexHeader('Asia/Riyadh')).toBe('Order ID,Proof,Status,Time (Asia/Riyadh),Receiver name,Files\r\n');
  });

  it('writes the time in the vendor zone, quotes commas and neutralises formulas', () => {
    const line = (receiverName: string | null) => proofIndexLine({
      orderId: 'o-1', kind: 'delivery', status: 'DELIVERED', provedAt: unix('2026-03-10T12:04:00Z'), receiverName,
      files: ['o-1/delivery-photo.svg', 'o-1/delivery.json'],
    }, 'Asia/Riyadh');
    expect(line('Sara Al-Harbi')).toBe('o-1,delivery,DELIVERED,2026-03-10 15:04:00,Sara Al-Harbi,o-1/delivery-photo.svg o-1/delivery.json\r\n');
    expect(line('Harbi, "Sara"')).toContain(',"Harbi, ""Sara""",');
    expect(line('=HYPERLINK("x")')).toContain(`,"'=HYPERLINK(""x"")",`);
    expect(line(null)).toContain(',2026-03-10 15:04:00,,o-1/');
  });
});
