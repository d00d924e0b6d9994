#!/usr/bin/env python3
"""Expected invoice PDFs for invoice-pdf, written by hand without pdf-lib or the tool's code.

Python standard library only. The money is worked out here with decimal (each line quantity x unit
price to the cent, subtotal the sum, tax subtotal x rate / 100 to the cent, halves up), and each
PDF is assembled object by object: one US Letter page (the tool draws A4), Times-Roman (the tool
uses Helvetica and Helvetica-Bold) in WinAnsiEncoding, every text line one left-aligned string
(the tool places columns and right-aligns amounts), no rules drawn, a different producer and no
dates. What stays the same is what a reader sees: the same text lines, in the same order, on one
page, which is all the PDF comparator (pdfjs-dist text, whitespace normalised) looks at.

Run from anywhere:  python3 tools/invoice-pdf/scripts/make-invoice-pdf.py
It rewrites the fixture_independent_*.json files in ../reference/ (deterministic output).
"""
import base64
import json
import os
import re
from decimal import ROUND_HALF_UP, Decimal

REFERENCE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'reference')
SYMBOLS = {'GBP': '£', 'EUR': '€', 'USD': '$'}
CENT = Decimal('0.01')


def money(amount, symbol):
    return f'{symbol}{amount.quantize(CENT, ROUND_HALF_UP):,.2f}'


def number(x):
    """A quantity as a person writes it: 1, 12, 3.5."""
    d = Decimal(str(x)).normalize()
    return format(d, 'f')


def invoice_lines(inputs):
    symbol = SYMBOLS[inputs['currency']]
    lines = ['INVOICE', f"Number: {inputs['invoice_number']}", f"Date: {inputs['issue_date']}",
             'Bill to', inputs['customer'], 'Description Qty Unit price Amount']
    subtotal = Decimal(0)
    for item in inputs['items']:
        q, p = Decimal(str(item['quantity'])), Decimal(str(item['unit_price']))
        amount = (q * p).quantize(CENT, ROUND_HALF_UP)
        subtotal += amount
        lines.append(f"{item['description']} {number(item['quantity'])} {money(p, symbol)} {money(amount, symbol)}")
    rate = Decimal(str(inputs['tax_rate']))
    tax = (subtotal * rate / 100).quantize(CENT, ROUND_HALF_UP)
    lines += [f'Subtotal {money(subtotal, symbol)}', f"Tax ({number(inputs['tax_rate'])}%) {money(tax, symbol)}",
              f'Total due {money(subtotal + tax, symbol)}', 'Thank you for your business.']
    return lines


def pdf_string(text):
    raw = text.encode('cp1252')  # WinAnsiEncoding is Windows-1252 for these characters
    return b'(' + raw.replace(b'\\', b'\\\\').replace(b'(', b'\\(').replace(b')', b'\\)') + b')'


def build_pdf(lines, title):
    content = [b'BT', b'/F1 11 Tf', b'14 TL', b'72 720 Td']
    for i, line in enumerate(lines):
        content.append(pdf_string(line) + (b" '" if i else b' Tj'))  # ' = move to the next line, then show
    content.append(b'ET')
    stream = b'\n'.join(content) + b'\n'
    objects = [
        b'<< /Type /Catalog /Pages 2 0 R >>',
        b'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        b'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
        b'<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding /WinAnsiEncoding >>',
        b'<< /Length %d >>\nstream\n' % len(stream) + stream + b'endstream',
        b'<< /Title ' + pdf_string(title) + b' /Producer (make-invoice-pdf.py, written by hand) >>',
    ]
    out = bytearray(b'%PDF-1.4\n%\xe2\xe3\xcf\xd3\n')
    offsets = []
    for n, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b'%d 0 obj\n' % n + body + b'\nendobj\n'
    xref = len(out)
    out += b'xref\n0 %d\n0000000000 65535 f \n' % (len(objects) + 1)
    out += b''.join(b'%010d 00000 n \n' % o for o in offsets)
    out += b'trailer\n<< /Size %d /Root 1 0 R /Info 6 0 R >>\nstartxref\n%d\n%%%%EOF\n' % (len(objects) + 1, xref)
    return bytes(out)


def fixture(name, inputs, note):
    lines = invoice_lines(inputs)
    pdf = build_pdf(lines, f"Invoice {inputs['invoice_number']}")
    return {
        'name': name,
        'source': (
            'Independent PDF: tools/invoice-pdf/scripts/make-invoice-pdf.py (Python standard library; no pdf-lib, none of '
            'the tool\'s code). Amounts worked out with decimal (cents, halves up); a hand-assembled one-page US Letter PDF in '
            'Times-Roman with each line as one left-aligned string and a different producer and no dates, so only the text '
            'lines match the tool\'s. Compared by the PDF comparator (page count + per-page text). ' + note
        ),
        'inputs': inputs,
        'expected_outputs': {
            'invoice': {
                'filename': re.sub(r'[^A-Za-z0-9._-]+', '_', inputs['invoice_number']) + '.pdf',
                'mime_type': 'application/pdf',
                'data': 'data:application/pdf;base64,' + base64.b64encode(pdf).decode('ascii'),
            },
        },
        'tags': ['independent', 'media'],
    }


FIXTURES = {
    'fixture_independent_pdf_default.json': fixture(
        'Independent PDF: default three-line invoice (GBP)',
        {
            'customer': 'Acme Widgets Ltd', 'invoice_number': 'INV-0001', 'issue_date': '2026-01-15',
            'items': [
                {'description': 'Website design', 'quantity': 1, 'unit_price': 1200},
                {'description': 'Hosting (months)', 'quantity': 12, 'unit_price': 15.5},
                {'description': 'Support hours', 'quantity': 3.5, 'unit_price': 80},
            ],
            'tax_rate': 20, 'currency': 'GBP',
        },
        'Lines: 1200.00 + 186.00 + 280.00 = 1666.00, tax 20% 333.20, total 1999.20.',
    ),
    'fixture_independent_pdf_euro_accents.json': fixture(
        'Independent PDF: euro invoice with accents and a half cent',
        {
            'customer': 'Café Zoë', 'invoice_number': '2026/042', 'issue_date': '2026-03-31',
            'items': [
                {'description': 'Widget', 'quantity': 3, 'unit_price': 19.99},
                {'description': 'Cable', 'quantity': 2, 'unit_price': 4.125},
            ],
            'tax_rate': 7.5, 'currency': 'EUR',
        },
        'Non-ASCII text (é, ë, €) through WinAnsiEncoding on both sides; 4.125 prints as €4.13; '
        'tax 7.5% of 68.22 = 5.1165 -> 5.12; filename 2026_042.pdf.',
    ),
}

if __name__ == '__main__':
    for file, fx in FIXTURES.items():
        with open(os.path.join(REFERENCE_DIR, file), 'w', encoding='utf-8') as f:
            json.dump(fx, f, indent=2, ensure_ascii=False)
            f.write('\n')
        print(file, os.path.getsize(os.path.join(REFERENCE_DIR, file)), 'bytes')
