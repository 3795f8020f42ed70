package format

// Volume renders a data volume in bytes in a sensible unit: below 1 GB in whole MB
// ("3 MB", ties rounded up), otherwise GB with 2 decimals as the spec shows volumes
// ("1.50 GB"). Decimal units (1 GB = 1,000,000,000 bytes). A negative volume is "0 MB".
func Volume(b int64) string {
	b = max(b, 0)
	if b < bytesPerGB-bytesPerMB/2 { // what would round to 1000 MB is shown as 1.00 GB
		return ratio(b, bytesPerMB, 0) + " MB"
	}
	return BytesGB(b)
}

// Usage is the consumption of a bundle: "used of total (percent)" with Volume's units
// ("3 MB of 1.00 GB (0.3%)"), or "Unlimited".
func Usage(initial, remaining int64, unlimited bool) string {
	if unlimited {
		return "Unlimited"
	}
	return Volume(Used(initial, remaining)) + " of " + Volume(initial) + " (" + Consumption(initial, remaining, false) + ")"
}
