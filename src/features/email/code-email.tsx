import { Body, Container, Head, Heading, Html, Preview, Section, Text } from '@react-email/components'

/**
 * The one-time code e-mail. Colours are the design tokens written out, because mail clients do not
 * read CSS variables, with a dark variant for clients that follow the reader's theme.
 */
export function CodeEmail({
  lang,
  dir,
  product,
  code,
  texts,
}: {
  lang: string
  dir: 'ltr' | 'rtl'
  product: string
  code: string
  texts: { preview: string; heading: string; intro: string; expires: string; notYou: string; footer: string }
}) {
  return (
    <Html lang={lang} dir={dir}>
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{darkStyles}</style>
      </Head>
      <Preview>{texts.preview}</Preview>
      <Body className="mail-body" style={styles.body}>
        <Container className="mail-card" style={styles.card}>
          <Text className="mail-brand" style={styles.brand}>
            {product}
          </Text>
          <Heading as="h1" className="mail-text" style={styles.heading}>
            {texts.heading}
          </Heading>
          <Text className="mail-text" style={styles.text}>
            {texts.intro}
          </Text>
          <Section className="mail-code" style={styles.codeBox}>
            {/* Left to right in every language, so the digits read in typing order. */}
            <Text dir="ltr" className="mail-text" style={styles.code}>
              {code}
            </Text>
          </Section>
          <Text className="mail-muted" style={styles.muted}>
            {texts.expires}
          </Text>
          <Text className="mail-muted" style={styles.muted}>
            {texts.notYou}
          </Text>
        </Container>
        <Text className="mail-muted" style={styles.footer}>
          {texts.footer}
        </Text>
      </Body>
    </Html>
  )
}

const font = "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans Arabic', sans-serif"

const styles = {
  body: { backgroundColor: '#f4f4f5', color: '#09090b', fontFamily: font, margin: 0, padding: '24px 12px' },
  card: {
    backgroundColor: '#ffffff',
    border: '1px solid #e4e4e7',
    borderRadius: '12px',
    maxWidth: '480px',
    padding: '32px',
  },
  brand: { color: '#4f46e5', fontSize: '16px', fontWeight: 600, margin: '0 0 24px' },
  heading: { color: '#09090b', fontSize: '22px', fontWeight: 600, lineHeight: '30px', margin: '0 0 12px' },
  text: { color: '#09090b', fontSize: '15px', lineHeight: '24px', margin: '0 0 20px' },
  codeBox: { backgroundColor: '#eef2ff', borderRadius: '8px', margin: '0 0 20px', padding: '16px' },
  code: {
    color: '#3730a3',
    fontFamily: font,
    fontSize: '32px',
    fontVariantNumeric: 'tabular-nums',
    fontWeight: 700,
    letterSpacing: '8px',
    lineHeight: '40px',
    margin: 0,
    textAlign: 'center' as const,
  },
  muted: { color: '#52525b', fontSize: '13px', lineHeight: '20px', margin: '0 0 8px' },
  footer: {
    color: '#52525b',
    fontSize: '12px',
    lineHeight: '18px',
    margin: '16px auto 0',
    maxWidth: '480px',
  },
}

const darkStyles = `
@media (prefers-color-scheme: dark) {
  .mail-body, .mail-body > table > tbody > tr > td { background-color: #09090b !important; }
  .mail-card { background-color: #18181b !important; border-color: #27272a !important; }
  .mail-text { color: #fafafa !important; }
  .mail-muted { color: #a1a1aa !important; }
  .mail-brand { color: #a5b4fc !important; }
  .mail-code { background-color: #1e1b4b !important; }
  .mail-code .mail-text { color: #c7d2fe !important; }
}
`
