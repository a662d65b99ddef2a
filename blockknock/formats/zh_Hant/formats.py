"""Traditional Chinese (Taiwan usage): 2026年11月30日, 11月30日; 1,200.

Django's zh_Hant groups digits by four with no separator (1200, 12000); Taiwan
writes scores with a comma every three digits, as the game's rules do (1,200).
"""

DATE_FORMAT = "Y年n月j日"
MONTH_DAY_FORMAT = "n月j日"
SHORT_DATE_FORMAT = "Y年n月j日"
THOUSAND_SEPARATOR = ","
NUMBER_GROUPING = 3
