# ReportLab PDFs for the real-world golden set (make.sh runs it in pdf/): a form filled in two ways,
# the same two-column page drawn column by column and row by row, and a page whose logo changes.
# The column text is the camlidl manual's (LGPL-2+), extracted by poppler's pdftotext.
import subprocess
from reportlab.lib.pagesizes import A5, A4
from reportlab.pdfgen import canvas


def form(path, name, city):
    c = canvas.Canvas(path, pagesize=A5, invariant=1)
    c.setTitle('Membership form')
    c.setFont('Helvetica-Bold', 16)
    c.drawString(40, 540, 'Membership form')
    c.setFont('Helvetica', 11)
    c.drawString(40, 500, 'Name:')
    c.acroForm.textfield(name='name', value=name, x=110, y=492, width=200, height=20, borderStyle='inset', forceBorder=True)
    c.drawString(40, 465, 'City:')
    c.acroForm.textfield(name='city', value=city, x=110, y=457, width=200, height=20, borderStyle='inset', forceBorder=True)
    c.drawString(40, 430, 'Newsletter:')
    c.acroForm.checkbox(name='newsletter', checked=True, x=110, y=425, size=16)
    c.drawString(40, 380, 'Signed in Lyon on 3 March.')
    c.textAnnotation('Checked by the clerk', Rect=(300, 370, 320, 390), relative=0)
    c.showPage()
    c.save()


form('form-alice.pdf', 'Alice', 'Lyon')
form('form-bob.pdf', 'Bob', 'Lyon')

text = subprocess.run(['pdftotext', '-f', '2', '-l', '3', 'camlidl.pdf', '-'], capture_output=True, text=True).stdout
words = ' '.join(text.split()).split(' ')
lines, cur = [], ''
for w in words:
    if len(cur) + len(w) + 1 > 44:
        lines.append(cur)
        cur = w
    else:
        cur = f'{cur} {w}'.strip()
lines.append(cur)
left, right = lines[:40], lines[40:80]


def columns(path, by_row, replace=None):
    c = canvas.Canvas(path, pagesize=A4, invariant=1)
    c.setFont('Helvetica-Bold', 14)
    c.drawString(50, 800, 'Camlidl: IDL syntax (two columns)')
    c.setFont('Helvetica', 9)
    r = list(right)
    if replace:
        r = [line.replace(*replace) for line in r]
    cells = [(50, left), (310, r)]
    if by_row:
        for i in range(40):
            for x, col in cells:
                c.drawString(x, 770 - i * 11, col[i])
    else:
        for x, col in cells:
            for i, line in enumerate(col):
                c.drawString(x, 770 - i * 11, line)
    c.showPage()
    c.save()


columns('columns-by-column.pdf', False)
columns('columns-by-row.pdf', True)
columns('columns-word.pdf', False, ('separate', 'divide'))


def logo(path, colour, bars):
    c = canvas.Canvas(path, pagesize=A5, invariant=1)
    c.setFont('Helvetica-Bold', 16)
    c.drawString(40, 540, 'Quarterly figures')
    c.setFont('Helvetica', 11)
    c.drawString(40, 510, 'Sales by quarter, in thousands.')
    c.setFillColor(colour)
    c.circle(340, 548, 16, fill=1, stroke=0)
    c.setFillColorRGB(0.2, 0.4, 0.8)
    for i, h in enumerate(bars):
        c.rect(60 + i * 70, 300, 40, h, fill=1, stroke=0)
    c.setFillColorRGB(0, 0, 0)
    for i, q in enumerate(['Q1', 'Q2', 'Q3', 'Q4']):
        c.drawString(70 + i * 70, 285, q)
    c.showPage()
    c.save()


logo('chart-a.pdf', '#dd3333', [120, 150, 90, 170])
logo('chart-logo.pdf', '#33aa33', [120, 150, 90, 170])
logo('chart-bars.pdf', '#dd3333', [120, 150, 130, 170])
