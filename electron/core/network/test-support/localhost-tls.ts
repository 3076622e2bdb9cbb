/**
 * A self-signed certificate for localhost and 127.0.0.1 (EC P-256, valid until 2126) and its key,
 * for tests of TLS connections to a server on this machine only. Not a secret: nothing trusts it
 * but a test that passes it as its own CA.
 */
export const LOCALHOST_CERT = `-----BEGIN CERTIFICATE-----
MIIBnDCCAUGgAwIBAgIUSbthPojhyHesg3RwlOMAlHGNs+YwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyNTA5NDAwMFoYDzIxMjYxMTAx
MDk0MDAwWjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAS7QChsntnkLPs7791ykRliISbR/jK/3K+Bg2MU0I8s3xd7wyTySihG
WyxdHwNsyG3IbEkKHmBjLyDcLuvkg7N1o28wbTAdBgNVHQ4EFgQU66G0PCEYxIsH
cLQLnopl3X6fyBQwHwYDVR0jBBgwFoAU66G0PCEYxIsHcLQLnopl3X6fyBQwDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARgglsb2NhbGhvc3SHBH8AAAEwCgYIKoZI
zj0EAwIDSQAwRgIhAJR5hRt72jIKHqwrxZkztV2S5UrUU3Y7iZR89mPp7nivAiEA
n6Cg6CHUP9AdcqEPt+MD0dEMxAk4t9NV3cPz7G3wmFM=
-----END CERTIFICATE-----
`

export const LOCALHOST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgB8z3Pvuv7xB+Qx+w
MhosQTFro3V9zs7zMYhPFw1WWfWhRANCAAS7QChsntnkLPs7791ykRliISbR/jK/
3K+Bg2MU0I8s3xd7wyTySihGWyxdHwNsyG3IbEkKHmBjLyDcLuvkg7N1
-----END PRIVATE KEY-----
`
