/**
 * The icon browsers ask for at `/favicon.ico` (docs/console.md): 32×32, a person on the console's blue, as an ICO
 * holding one PNG. Kept here as bytes so every adapter (HTTP, in-process, MSW) serves it without reading a file.
 */
const ICO_BASE64 =
  'AAABAAEAICAAAAEAIABWAQAAFgAAAIlQTkcNChoKAAAADUlIRFIAAAAgAAAAIAgGAAAAc3p69AAAAR1JREFUeNpjYEAC+tGXFYC4H4jPA/F/KuPzULMVGLABoEQCEL+ngcXoGGRHAjbL/9MZJyAH+/sBcMB7cHRA4+X/AOF+BholOKITJsMAWg7GZDnAM//G/65Fz/6fvvYFjEFskBhdHFA74/H/T1/+/EcHIDGQHE0dkNxy7z8hAFJDMwfcePCNoANAamjiAFAcEwtISQ8M1Ax+cqJh6ITAgKeBQZELBrwcGBQl4aCoC0DxDPL19LUvwRjEJjXuycqGGw++wxr/yOkApIbq2RDkQ1IBSA9VHADyEbkApJciB4Dil1IAMoMsB5BS9FJSNON0wJLtr6nmAJBZ+Bxwntxyn1iAp344j7NZDsvj1ML4muUD2zEZ8K7ZoOicDmT3HACrm3sB3V43TgAAAABJRU5ErkJggg==';

export const FAVICON_TYPE = 'image/x-icon';

export const FAVICON: Uint8Array = Uint8Array.from(atob(ICO_BASE64), (c) => c.charCodeAt(0));
