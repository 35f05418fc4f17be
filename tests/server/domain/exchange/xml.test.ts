import { describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { CommerceMlError, looksComplete, readCommerceMl } from '#server/domain/exchange/commerceml-reader.ts';
import { formatMoney, localDateTime } from '#server/domain/exchange/commerceml-writer.ts';
import { parseStatusValue, statusValue } from '#server/domain/exchange/statuses.ts';
import {
  el,
  escapeAttribute,
  escapeText,
  leaf,
  renderXml,
  xmlDocumentBytes,
} from '#server/domain/exchange/xml-writer.ts';

describe('the XML writer', () => {
  it('escapes text and attributes and drops characters XML cannot carry', () => {
    expect(escapeText('a < b & c > d')).toBe('a &lt; b &amp; c &gt; d');
    expect(escapeAttribute('say "hi"\n&<')).toBe('say &quot;hi&quot;&#10;&amp;&lt;');
    expect(escapeText('bell\u0007 tab\t ok \uD800 😀')).toBe('bell tab\t ok  😀');
  });

  it('round-trips hostile values through a real parser', () => {
    const hostile = `</Значение><Injected attr="x">&amp; ]]> \u0000 "quotes" 'apostrophes'`;
    const xml = renderXml(el('Корень', { Атрибут: hostile }, leaf('Значение', hostile)));
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      parseTagValue: false,
      trimValues: false,
    }).parse(xml) as {
      Корень: { '@_Атрибут': string; Значение: string };
    };
    const expected = hostile.replace('\u0000', '');
    expect(parsed.Корень.Значение).toBe(expected);
    expect(parsed.Корень['@_Атрибут']).toBe(expected);
  });

  it('refuses invalid element names and starts documents with a UTF-8 BOM', () => {
    expect(() => el('bad name')).toThrow(/invalid XML name/);
    expect(() => renderXml(el('x', { 'a"b': 1 }))).toThrow(/invalid XML name/);
    const bytes = xmlDocumentBytes(el('КоммерческаяИнформация', { ВерсияСхемы: '2.10' }));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.10"/>\n',
    );
  });
});

describe('values of the exchange', () => {
  it('formats minor units without floating point and dates in the warehouse time zone', () => {
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(5)).toBe('0.05');
    expect(formatMoney(123456789)).toBe('1234567.89');
    expect(formatMoney(-150)).toBe('-1.50');
    // 2025-01-15 22:30 UTC is 2025-01-16 00:30 in Chișinău (UTC+2 in winter).
    expect(localDateTime(new Date('2025-01-15T22:30:05Z'))).toEqual({ date: '2025-01-16', time: '00:30:05' });
  });

  it('writes and reads order statuses', () => {
    expect(statusValue('sent_to_1c')).toBe('[sent_to_1c] Отправлен в 1С');
    expect(parseStatusValue('[completed] anything 1C shows')).toBe('completed');
    expect(parseStatusValue(' completed ')).toBe('completed');
    expect(parseStatusValue('выполнен')).toBe('completed');
    expect(parseStatusValue('Отменён складом')).toBe('cancelled_by_warehouse');
    expect(parseStatusValue('Отменен складом')).toBe('cancelled_by_warehouse');
    expect(parseStatusValue('[nonsense] x')).toBeNull();
    expect(parseStatusValue('Отгружен')).toBeNull();
  });
});

describe('the CommerceML reader', () => {
  const file = (body: string): string =>
    `\uFEFF<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация ВерсияСхемы="2.10">${body}</КоммерческаяИнформация>`;

  it('reads documents at the root and inside Контейнер, with their requisites', async () => {
    const docs = await readCommerceMl(
      file(`
        <Документ><Ид>12</Ид><Номер>000012</Номер><ЗначенияРеквизитов>
          <ЗначениеРеквизита><Наименование>Номер по 1С</Наименование><Значение>РН-1</Значение></ЗначениеРеквизита>
          <ЗначениеРеквизита><Наименование>Статус заказа</Наименование><Значение>[completed] Выполнен</Значение></ЗначениеРеквизита>
          <ЗначениеРеквизита><Наименование>Отменен</Наименование><Значение>false</Значение></ЗначениеРеквизита>
        </ЗначенияРеквизитов></Документ>
        <Контейнер><Документ><Ид>13</Ид><ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>ОТМЕНЕН</Наименование><Значение>истина</Значение></ЗначениеРеквизита></ЗначенияРеквизитов></Документ></Контейнер>`),
    );
    expect(docs).toEqual([
      {
        id: '12',
        number: '000012',
        onecNumber: 'РН-1',
        onecDate: null,
        status: '[completed] Выполнен',
        cancelled: false,
        deletionMark: null,
      },
      {
        id: '13',
        number: null,
        onecNumber: null,
        onecDate: null,
        status: null,
        cancelled: true,
        deletionMark: null,
      },
    ]);
    expect(await readCommerceMl(file(''))).toEqual([]);
  });

  it('decodes entities in values and refuses broken documents', async () => {
    const [doc] = await readCommerceMl(
      file(
        '<Документ><Ид>1</Ид><ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>Номер по 1С</Наименование><Значение>A&amp;B &lt;1&gt;</Значение></ЗначениеРеквизита></ЗначенияРеквизитов></Документ>',
      ),
    );
    expect(doc?.onecNumber).toBe('A&B <1>');
    await expect(
      readCommerceMl('<КоммерческаяИнформация><Документ></КоммерческаяИнформация>'),
    ).rejects.toThrow(CommerceMlError);
    await expect(readCommerceMl('<Other/>')).rejects.toThrow(/root element/);
    await expect(readCommerceMl('<!DOCTYPE a><КоммерческаяИнформация/>')).rejects.toThrow(/DOCTYPE/);
    const deep = `${'<a>'.repeat(40)}${'</a>'.repeat(40)}`;
    await expect(readCommerceMl(file(deep))).rejects.toThrow(/nested deeper than 32/);
  });

  it('knows when a file sent in parts is complete', () => {
    expect(looksComplete(file(''))).toBe(true);
    expect(looksComplete(`${file('')}\r\n`)).toBe(true);
    expect(looksComplete('<КоммерческаяИнформация ВерсияСхемы="2.10"/>')).toBe(true);
    expect(looksComplete(file('').slice(0, -10))).toBe(false);
  });
});
