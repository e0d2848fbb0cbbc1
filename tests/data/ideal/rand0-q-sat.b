x,y,z
0
2*y - 7*x
